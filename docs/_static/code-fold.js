/* bacara_teach: the code of the pages is folded unless the reader chose to see it (remembered
   on this device). Loaded in the page's head, before the body is drawn, so that folded code
   never flashes; the switch itself is wired in bacara.js. */
(() => {
  let shown = false;
  try {
    shown = window.localStorage.getItem("bt-show-code") === "1";
  } catch (error) {
    shown = false; // storage refused (private mode, a file:// page): the code stays folded
  }
  if (!shown) document.documentElement.classList.add("bt-code-folded");
})();
