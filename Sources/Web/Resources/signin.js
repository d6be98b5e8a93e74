(() => {
  const meta = name => document.querySelector('meta[name="' + name + '"]').content;
  try {
    localStorage.setItem("swipeclean.session", JSON.stringify({ secret: meta("swipeclean-session"), media: meta("swipeclean-media") }));
  } catch (error) {
    document.getElementById("app").textContent = "This browser keeps no site data, so it cannot stay signed in: " + error.message;
    return;
  }
  location.replace(meta("swipeclean-next"));
})();
