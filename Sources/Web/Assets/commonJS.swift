extension Assets {
    /// Helpers every page uses: the JSON API, building elements without HTML strings, sizes.
    static let commonJS = #"""
    "use strict";
    const SC = {
      async api(path, body) {
        const options = { credentials: "same-origin", headers: {} };
        if (body !== undefined) {
          options.method = "POST";
          options.headers["Content-Type"] = "application/json";
          options.body = JSON.stringify(body);
        }
        const response = await fetch("/api/v1" + path, options);
        const data = await response.json().catch(() => ({}));
        if (!response.ok) {
          const error = new Error(data.error || ("HTTP " + response.status));
          error.status = response.status;
          throw error;
        }
        return data;
      },
      el(tag, attributes, ...children) {
        const node = document.createElement(tag);
        for (const [key, value] of Object.entries(attributes || {})) {
          if (value === null || value === undefined || value === false) continue;
          if (key === "class") node.className = value;
          else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
          else node.setAttribute(key, value === true ? "" : value);
        }
        for (const child of children.flat()) {
          if (child === null || child === undefined || child === false) continue;
          node.append(child instanceof Node ? child : document.createTextNode(String(child)));
        }
        return node;
      },
      bar(fraction, kind) {
        const fill = SC.el("span");
        fill.style.width = (Math.max(0, Math.min(1, fraction)) * 100).toFixed(1) + "%";
        return SC.el("div", { class: "bar" + (kind ? " " + kind : ""), role: "progressbar",
          "aria-valuenow": Math.round(fraction * 100), "aria-valuemin": 0, "aria-valuemax": 100 }, fill);
      },
      bytes(n) {
        const units = ["B", "KB", "MB", "GB", "TB"];
        let value = n, unit = 0;
        while (Math.abs(value) >= 1000 && unit < units.length - 1) { value /= 1000; unit++; }
        return unit === 0 ? n + " B" : value.toFixed(1) + " " + units[unit];
      },
      grouped(n) { return Number(n).toLocaleString("en-US"); },
      date(iso) {
        if (!iso) return "date unknown";
        const d = iso.slice(0, 10).split("-").map(Number);
        const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
        return d[2] + " " + months[d[1] - 1] + " " + d[0];
      },
      show(...nodes) {
        const app = document.getElementById("app");
        app.replaceChildren(...nodes);
      },
      fail(error) {
        SC.show(SC.el("div", { class: "error-box", role: "alert" }, error.message || String(error)));
      },
    };
    """#
}
