/** A full-page navigation off the single-page app (to the API, which redirects on); its own module so tests can stand in for it. */
export function leaveSite(url: string): void {
  window.location.assign(url);
}
