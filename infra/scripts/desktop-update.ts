/**
 * The reference desktop client's update check: what the app's Tauri updater does with
 * `/api/updates/{target}/{arch}/{current_version}`, written out in TypeScript so the integration tests
 * poll the way an installed app does. Free of this project's imports, like desktop-client.ts.
 *
 * The app builds its updater with one custom rule (Rust, tauri-plugin-updater 2; docs/desktop-api.md#updates):
 *
 *   app.updater_builder()
 *       .version_comparator(|current, update| update.version != current)
 *       .header("Voxpen-Install-Id", install_id)?
 *       .build()?
 *       .check()
 *       .await?
 *
 * Tauri's default comparator takes only a higher version, so it would refuse the older release the
 * endpoint answers after a rollback. The endpoint answers 204 when nothing is to be installed, so
 * "any version other than mine" is safe: an answer is always meant to be installed.
 */

/** The endpoint's 200 answer, Tauri's update format. */
export interface OfferedUpdate {
  version: string;
  url: string;
  signature: string;
  notes?: string;
  pub_date: string;
}

/** The app's version comparator: install any offered version other than the running one (a rollback too). */
export function acceptsUpdate(currentVersion: string, offered: Pick<OfferedUpdate, 'version'>): boolean {
  return offered.version !== currentVersion;
}

/** One poll, as Tauri's updater makes it: the update to install, or undefined when there is none. */
export async function checkForUpdate(
  api: string,
  app: { target: string; arch: string; version: string; installId: string },
): Promise<OfferedUpdate | undefined> {
  const res = await fetch(`${api}/api/updates/${app.target}/${app.arch}/${encodeURIComponent(app.version)}`, {
    headers: { 'Voxpen-Install-Id': app.installId },
  });
  if (res.status === 204) return undefined;
  if (!res.ok) throw new Error(`the update check answered ${res.status}`);
  const offered = (await res.json()) as OfferedUpdate;
  return acceptsUpdate(app.version, offered) ? offered : undefined;
}
