/**
 * Installed before a page's own scripts (`page.addInitScript(OBSERVE_SHIFTS)`): sums its layout shifts (without
 * recent input) in `__cls`, and keeps where its first heading was first painted in `__firstHeadingY` (the server's,
 * before any code ran).
 */
export const OBSERVE_SHIFTS = `
  window.__cls = 0;
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (entry) { if (!entry.hadRecentInput) window.__cls += entry.value; });
  }).observe({ type: 'layout-shift', buffered: true });
  var watch = setInterval(function () {
    var h = document.querySelector('main h1');
    if (h) { window.__firstHeadingY = h.getBoundingClientRect().y; clearInterval(watch); }
  }, 5);
`;
