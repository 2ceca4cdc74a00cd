/**
 * Staged rollouts: a release at `rollout: N` is offered to the installations whose bucket,
 * a stable hash of their `Voxpen-Install-Id` into 0–99, is below N. The bucket never changes for an
 * installation and release, so raising N only adds installations: none that was offered it loses it.
 * The release's platform and version are part of the hash, so each release's first few percent are
 * different installations, not the same unlucky ones every time.
 */
import { createHash } from 'node:crypto';

export const FULL_ROLLOUT = 100;

/** The header the desktop app sends with its poll: a UUID it made once and keeps. */
export const INSTALL_ID_HEADER = 'voxpen-install-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The installation id from a header value, lower-cased; undefined when absent or not a UUID (then only full rollouts apply). */
export function installIdOf(header: string | undefined): string | undefined {
  const id = header?.trim().toLowerCase();
  return id && UUID.test(id) ? id : undefined;
}

/** 0–99: where an installation stands in a release's rollout. */
export function rolloutBucket(installId: string, release: { platform: string; version: string }): number {
  const digest = createHash('sha256').update(`${release.platform}\n${release.version}\n${installId}`).digest();
  return digest.readUInt32BE(0) % 100;
}

/** Whether a release at `rollout` percent is offered to this installation (none known: only at 100). */
export function isOffered(rollout: number, installId: string | undefined, release: { platform: string; version: string }): boolean {
  if (rollout >= FULL_ROLLOUT) return true;
  if (!installId) return false;
  return rolloutBucket(installId, release) < rollout;
}
