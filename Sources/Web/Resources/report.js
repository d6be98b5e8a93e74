import { SC } from "./common.js";

(async () => {
  if (!SC.session) return SC.signedOut();
  await SC.fresh();
  const response = await fetch("/api/v1/report/html", { credentials: "omit", headers: { Authorization: "Bearer " + SC.session.secret } });
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    const error = new Error(data.error || ("HTTP " + response.status));
    error.status = response.status;
    if (response.status === 401) localStorage.removeItem("swipeclean.session");
    return SC.fail(error);
  }
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  document.title = page.title || document.title;
  document.querySelector('link[rel="stylesheet"]')?.remove();   // the report brings its own styles
  document.head.append(...page.head.querySelectorAll("style"));
  document.body.className = page.body.className;
  document.body.replaceChildren(...page.body.childNodes);
})();
