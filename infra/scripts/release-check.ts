/**
 * What `npm run release` checks before it writes, as the installed apps will: the signature verified
 * over the exact bytes served at the update URL (fetched; or `--file`, which must then be the same file
 * as the URL serves), signed as that file (the trusted comment's `file:`), and a build for the platform.
 * Takes its ways to the network and the disk, and answers either the facts for the release's record or
 * one sentence saying what to do.
 */
import { createHash } from 'node:crypto';
import { keyIdHex, parsePublicKey, signedFileName, SignatureError, verifySignature } from '../../functions/releases/minisign';
import type { Platform } from '../../shared/platforms';
import { artifactContentProblem, artifactNameProblem, fileNameOf } from './release-artifacts';

export interface CheckDeps {
  fetch: typeof fetch;
  readFile(path: string): Promise<Buffer>;
}

export interface ArtifactRequest {
  platform: Platform;
  downloadUrl: string;
  /** What the updater downloads; undefined: the download itself. */
  updateUrl?: string;
  /** The `.sig` file's content. */
  signature: string;
  /** VOXPEN_UPDATER_PUBKEY, as tauri.conf.json's `plugins.updater.pubkey`. */
  pubkey: string;
  /** `--file`: the update file on this machine, which must be the one served at the update URL. */
  file?: string;
}

export interface CheckedArtifacts {
  updateUrl: string;
  size: number;
  sha256: string;
  signatureKeyId: string;
  /** What the operator should know that did not stop the release (a URL that could not be reached). */
  notices: string[];
}

export type ArtifactCheck = { ok: true; artifacts: CheckedArtifacts } | { ok: false; problem: string };

const refuse = (problem: string): ArtifactCheck => ({ ok: false, problem });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Why a fetch did not get an answer, in a few words (`ECONNREFUSED`, `ENOTFOUND`, a timeout). */
function unreachable(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

type Served = { ok: true; response: Response } | { ok: false; reason: string };

async function request(deps: CheckDeps, url: string, method: 'HEAD' | 'GET', timeoutMs: number): Promise<Served> {
  try {
    return { ok: true, response: await deps.fetch(url, { method, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) }) };
  } catch (error) {
    return { ok: false, reason: unreachable(error) };
  }
}

/** Large installers take a while; a URL that does not answer at all is known much sooner. */
const HEAD_TIMEOUT_MS = 30_000;
const GET_TIMEOUT_MS = 15 * 60_000;

/** The bytes the updater will download from `url`, or the sentence saying why they cannot be had. */
async function servedBytes(deps: CheckDeps, url: string, file: string | undefined, notices: string[]): Promise<{ bytes: Buffer } | { problem: string }> {
  let local: Buffer | undefined;
  if (file !== undefined) {
    try {
      local = await deps.readFile(file);
    } catch (error) {
      return { problem: `--file ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}` };
    }
    const head = await request(deps, url, 'HEAD', HEAD_TIMEOUT_MS);
    if (!head.ok) {
      notices.push(`Could not reach ${url} (${head.reason}): checked ${file} only. Upload it to exactly that URL before the release goes out; the apps download it from there.`);
      return { bytes: local };
    }
    if (!head.response.ok) return { problem: `${url} answered ${head.response.status}: upload ${file} there first, then publish` };
    const length = Number(head.response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(length) && length !== local.length) {
      return { problem: `${url} serves ${length} bytes but ${file} has ${local.length}: the URL does not serve this file. Upload it again, or point the URL at where it is` };
    }
  }
  const got = await request(deps, url, 'GET', GET_TIMEOUT_MS);
  if (!got.ok) return { problem: `Could not fetch ${url} (${got.reason}): upload the file there first, or pass --file <the file> to check it here while the URL is out of reach` };
  if (!got.response.ok) return { problem: `${url} answered ${got.response.status}: upload the file there first, then publish` };
  const bytes = Buffer.from(await got.response.arrayBuffer());
  if (local && !local.equals(bytes)) {
    return { problem: `${url} serves a different file than ${file} (SHA-256 ${sha256(bytes)}, not ${sha256(local)}): upload ${file} again, or sign and publish the file that is there` };
  }
  return { bytes };
}

export async function checkArtifacts(input: ArtifactRequest, deps: CheckDeps): Promise<ArtifactCheck> {
  const nameProblem = artifactNameProblem(input.platform, input.downloadUrl, input.updateUrl);
  if (nameProblem) return refuse(nameProblem);
  const updateUrl = input.updateUrl ?? input.downloadUrl;
  const served = fileNameOf(updateUrl);

  let keyId: string;
  try {
    const key = parsePublicKey(input.pubkey);
    // Key and trusted comment first: they need no download.
    const sig = verifySignature(key, input.signature);
    keyId = keyIdHex(sig.keyId);
    // Tauri and minisign write the bare name; rsign writes the path it was given, so its last part counts.
    const signed = signedFileName(sig)?.split(/[\\/]/).pop();
    if (signed !== served) {
      return refuse(
        `The signature is of ${signed ?? 'a file it does not name'} (its trusted comment), but the update URL serves ${served}: pass the .sig tauri build wrote beside ${served}, or upload the signed file under the name it was signed as`,
      );
    }
    const notices: string[] = [];
    const got = await servedBytes(deps, updateUrl, input.file, notices);
    if ('problem' in got) return refuse(got.problem);
    try {
      verifySignature(key, input.signature, got.bytes);
    } catch (error) {
      if (!(error instanceof SignatureError)) throw error;
      return refuse(`The signature does not match ${served} as ${input.file === undefined ? `served at ${updateUrl}` : 'given with --file'}: it was signed over other bytes (another build, or the file changed since). Sign the file you uploaded, or upload the file you signed`);
    }
    const contentProblem = await artifactContentProblem(input.platform, served, got.bytes);
    if (contentProblem) return refuse(contentProblem);

    if (updateUrl !== input.downloadUrl) {
      // The download (the macOS .dmg) is not signed for the updater, but /download links to it: it must be there.
      const download = await request(deps, input.downloadUrl, 'HEAD', HEAD_TIMEOUT_MS);
      if (!download.ok) notices.push(`Could not reach ${input.downloadUrl} (${download.reason}): make sure the download is there before the release goes out.`);
      else if (!download.response.ok) return refuse(`${input.downloadUrl} answered ${download.response.status}: upload the download there first, then publish`);
    }
    return { ok: true, artifacts: { updateUrl, size: got.bytes.length, sha256: sha256(got.bytes), signatureKeyId: keyId, notices } };
  } catch (error) {
    if (error instanceof SignatureError) return refuse(error.message);
    throw error;
  }
}
