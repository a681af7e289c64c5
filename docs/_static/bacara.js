/* bacara_teach: small accessibility mends to the theme, run once the page is ready. */
document.addEventListener("DOMContentLoaded", () => {
  // The theme's search buttons show "Search Ctrl+K" but announce only "Search"; let their
  // accessible name come from what they show, so voice users can say what they see (a
  // button that shows only the magnifier icon keeps its label).
  document.querySelectorAll(".search-button__button[aria-label]").forEach((button) => {
    if (button.textContent.trim()) button.removeAttribute("aria-label");
  });
  // myst-nb's "show code" toggles announce "Toggle hidden content" over their own words.
  document.querySelectorAll("summary[aria-label]").forEach((summary) => {
    if (summary.textContent.trim()) summary.removeAttribute("aria-label");
  });
  // The code switch: shown only where the page has code; it folds or shows the code of
  // every page and remembers the choice on this device (code-fold.js reads it first).
  const codeSwitch = document.querySelector("[data-code-switch]");
  if (codeSwitch && document.querySelector(".cell .cell_input, .cell details.above-input")) {
    const root = document.documentElement;
    const draw = () => codeSwitch.setAttribute("aria-pressed", String(!root.classList.contains("bt-code-folded")));
    codeSwitch.hidden = false;
    draw();
    codeSwitch.addEventListener("click", () => {
      const show = root.classList.contains("bt-code-folded");
      root.classList.toggle("bt-code-folded", !show);
      try {
        window.localStorage.setItem("bt-show-code", show ? "1" : "0");
      } catch (error) {
        // storage refused: the choice holds for this page only
      }
      draw();
    });
  }
  // The outline's expand/collapse toggles are icons only: name them after their section.
  document.querySelectorAll("nav details > summary").forEach((summary) => {
    if (summary.textContent.trim() || summary.hasAttribute("aria-label")) return;
    const link = summary.parentElement?.previousElementSibling;
    const section = link ? link.textContent.trim() : "this section";
    summary.setAttribute("aria-label", `Pages in ${section}`);
  });
});
