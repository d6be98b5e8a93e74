import { SC } from "./common.js";

// The computer shows the phone panel; a phone (any other host) does not manage phones.
export async function phonePanel() {
  const { el, bar, bytes, grouped } = SC;
  if (!["127.0.0.1", "localhost", "[::1]"].includes(location.hostname)) return null;
  let phones;
  try { phones = await SC.api("/phones"); } catch (error) { return null; }
  if (!phones.enabled) return null;
  const panel = el("section", { class: "panel phones", id: "phones" });
  const draw = data => {
    const offer = data.pairing;
    panel.replaceChildren(
      el("h2", {}, "Phone"),
      offer ? el("div", { class: "pairing" },
        el("img", { class: "qr", id: "phone-qr", alt: "QR code of the pairing link", width: 180, height: 180,
          src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(offer.qrSVG) }),
        el("div", {},
          el("p", {}, "Scan with the phone's camera, or open ", el("b", {}, "http://" + data.address + "/"), " on it and type"),
          el("p", { class: "code", id: "phone-code" }, offer.code),
          el("p", { class: "muted" }, "Pairs one phone, once, for " + Math.max(1, Math.round(offer.expiresInSeconds / 60)) + " more minute(s). Photos travel unencrypted on this network: use it at home.")))
        : el("p", { class: "muted" }, data.locked ? "Pairing is closed after five wrong codes." : "No pairing code is open."),
      data.devices.length === 0 ? el("p", { class: "muted" }, "No phone is paired.") :
      el("div", { class: "list" }, data.devices.map(d => el("div", { class: "row device", "data-device": d.id },
        el("span", {}, d.name + " · paired at " + new Date(d.pairedAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })),
        el("button", { class: "ghost", onclick: async () => {
          try { await SC.api("/phones/revoke", { id: d.id }); draw(await SC.api("/phones")); } catch (error) { SC.fail(error); }
        } }, "Unpair")))),
      el("button", { class: "ghost", id: "phone-new-code", onclick: async () => {
        try { await SC.api("/phones/link", {}); draw(await SC.api("/phones")); } catch (error) { SC.fail(error); }
      } }, "New pairing code"));
  };
  draw(phones);
  return panel;
}
