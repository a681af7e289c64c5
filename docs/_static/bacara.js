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
  // The outline's expand/collapse toggles are icons only: name them after their section.
  document.querySelectorAll("nav details > summary").forEach((summary) => {
    if (summary.textContent.trim() || summary.hasAttribute("aria-label")) return;
    const link = summary.parentElement?.previousElementSibling;
    const section = link ? link.textContent.trim() : "this section";
    summary.setAttribute("aria-label", `Pages in ${section}`);
  });
});
