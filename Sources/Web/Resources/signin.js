(() => {
  const meta = name => document.querySelector('meta[name="' + name + '"]').content;
  try {
    const session = { secret: meta("swipeclean-session"), media: meta("swipeclean-media") };
    // A paired phone's secret is short-lived: common.js renews it with this key at half its life.
    const renew = document.querySelector('meta[name="swipeclean-renew"]');
    if (renew) {
      session.renew = renew.content;
      session.renewAt = Date.now() + Number(meta("swipeclean-expires")) * 500;
    }
    localStorage.setItem("swipeclean.session", JSON.stringify(session));
  } catch (error) {
    document.getElementById("app").textContent = "This browser keeps no site data, so it cannot stay signed in: " + error.message;
    return;
  }
  location.replace(meta("swipeclean-next"));
})();
