/**
 * Which files a platform's release may point at, so no installation is sent another platform's build:
 * by name (the names `tauri build` gives its bundles carry the arch), and for macOS and Linux by content
 * too (the arch of the executable inside). Each rule answers one sentence saying what to pass instead.
 *
 * What each platform's updater installs (tauri-plugin-updater 2 with `createUpdaterArtifacts: true`):
 * Windows the NSIS `…-setup.exe` or the `.msi` itself; macOS the `.app.tar.gz` (the `.dmg` is only the
 * download on /download: the updater cannot install it); Linux the `.AppImage`.
 */
import { gunzipSync } from 'node:zlib';
import { extract } from 'tar-stream';
import type { Platform, UpdateArch, UpdateTarget } from '../../shared/platforms';

/** The arch as `tauri build` writes it in bundle names, per target. */
const ARCH_IN_NAME: Record<UpdateTarget, Record<UpdateArch, string[]>> = {
  windows: { x86_64: ['x64'], aarch64: ['arm64'], i686: ['x86'], armv7: ['arm'] },
  // A universal build (universal-apple-darwin) runs on both Macs: the same files serve both platforms.
  darwin: { x86_64: ['x64', 'universal'], aarch64: ['aarch64', 'universal'], i686: ['x86'], armv7: ['armv7'] },
  linux: { x86_64: ['amd64'], aarch64: ['aarch64'], i686: ['i386'], armv7: ['armhf'] },
};

const TARGET_NAMES: Record<UpdateTarget, string> = { windows: 'Windows', darwin: 'macOS', linux: 'Linux' };

function split(platform: Platform): [UpdateTarget, UpdateArch] {
  return platform.split('-') as [UpdateTarget, UpdateArch];
}

/** The last path segment of a URL, decoded: the file name the updater downloads. */
export function fileNameOf(url: string): string {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Whether the name carries one of the arch's tokens as a whole word (`_x64-setup`, `_aarch64.dmg`). */
function namesArch(name: string, tokens: string[]): boolean {
  return tokens.some((token) => new RegExp(`(^|[_.-])${token}([_.-]|$)`, 'i').test(name));
}

const endsWith = (name: string, suffixes: string[]) => suffixes.some((suffix) => name.toLowerCase().endsWith(suffix.toLowerCase()));

/**
 * What is wrong with the URLs for this platform, as one sentence; undefined when they fit. `updateUrl`
 * is what the updater downloads (undefined: the download itself).
 */
export function artifactNameProblem(platform: Platform, downloadUrl: string, updateUrl: string | undefined): string | undefined {
  const [target, arch] = split(platform);
  const tokens = ARCH_IN_NAME[target][arch];
  const archWord = tokens.join(' or ');
  const download = fileNameOf(downloadUrl);

  if (target === 'windows') {
    for (const [label, url] of [['--url', downloadUrl], ['--update-url', updateUrl]] as const) {
      if (url === undefined) continue;
      const name = fileNameOf(url);
      if (!endsWith(name, ['.exe', '.msi'])) {
        return `${platform} takes the installer tauri build writes (…_${tokens[0]}-setup.exe or …_${tokens[0]}_en-US.msi), but ${label} is ${name}: pass that installer's URL`;
      }
      if (!namesArch(name, tokens)) {
        return `${platform} takes the ${archWord} installer, but ${label} is ${name}, not named for ${archWord} (tauri build names it …_${tokens[0]}-setup.exe): pass the ${archWord} build's URL, so no ${TARGET_NAMES[target]} ${arch} installation is sent another build`;
      }
    }
    return undefined;
  }

  if (target === 'darwin') {
    if (updateUrl === undefined) {
      return `${platform} needs --update-url with the .app.tar.gz tauri build writes (bundle/macos/Voxpen.app.tar.gz): the updater installs that archive, and the .dmg given as --url is only the download on /download`;
    }
    const update = fileNameOf(updateUrl);
    if (!endsWith(update, ['.app.tar.gz'])) {
      return `${platform} updates are the .app.tar.gz tauri build writes, but --update-url is ${update}: a Mac cannot install that as an update, so pass the .app.tar.gz's URL`;
    }
    if (!endsWith(download, ['.dmg'])) {
      return `${platform}'s download on /download is the .dmg tauri build writes, but --url is ${download}: pass the .dmg's URL (the .app.tar.gz goes in --update-url)`;
    }
    if (!namesArch(download, tokens)) {
      return `${platform} takes the ${archWord} .dmg, but --url is ${download}, not named for ${archWord} (tauri build names it …_${tokens[0]}.dmg): pass that build's .dmg`;
    }
    return undefined;
  }

  const update = updateUrl === undefined ? download : fileNameOf(updateUrl);
  if (!endsWith(update, ['.AppImage'])) {
    return `${platform} updates are the .AppImage tauri build writes, but ${updateUrl === undefined ? '--url' : '--update-url'} is ${update}: pass the .AppImage's URL${updateUrl === undefined ? ' (as --update-url if the download is a .deb or .rpm)' : ''}`;
  }
  if (!endsWith(download, ['.AppImage', '.deb', '.rpm'])) {
    return `${platform}'s download is the .AppImage, .deb or .rpm tauri build writes, but --url is ${download}`;
  }
  if (!namesArch(update, tokens)) {
    return `${platform} takes the ${archWord} .AppImage, but ${update} is not named for ${archWord} (tauri build names it …_${tokens[0]}.AppImage): pass that build's URL`;
  }
  return undefined;
}

/** Mach-O CPU types (mach/machine.h) and ELF machines (elf.h) as Tauri names the archs. */
const MACH_CPU: Record<number, UpdateArch> = { 0x01000007: 'x86_64', 0x0100000c: 'aarch64', 7: 'i686', 12: 'armv7' };
const ELF_MACHINE: Record<number, UpdateArch> = { 0x3e: 'x86_64', 0xb7: 'aarch64', 0x03: 'i686', 0x28: 'armv7' };

/** The archs a Mach-O executable runs on: one for a thin binary, each slice's for a universal one. */
export function machOArchs(head: Buffer): UpdateArch[] {
  if (head.length < 8) return [];
  const magicLE = head.readUInt32LE(0);
  if (magicLE === 0xfeedfacf || magicLE === 0xfeedface) return [MACH_CPU[head.readInt32LE(4)]].filter((a): a is UpdateArch => Boolean(a));
  const magicBE = head.readUInt32BE(0);
  if (magicBE === 0xcafebabe || magicBE === 0xcafebabf) {
    const size = magicBE === 0xcafebabe ? 20 : 32;
    const count = Math.min(head.readUInt32BE(4), Math.floor((head.length - 8) / size));
    return Array.from({ length: count }, (_, i) => MACH_CPU[head.readInt32BE(8 + i * size)]).filter((a): a is UpdateArch => Boolean(a));
  }
  return [];
}

/** The archs of the app's executables (`*.app/Contents/MacOS/*`) in a `.app.tar.gz`; throws if it is not one. */
export async function appArchiveArchs(archive: Buffer): Promise<UpdateArch[]> {
  const tar = extract();
  const archs = new Set<UpdateArch>();
  const done = (async () => {
    for await (const entry of tar) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      if (entry.header.type === 'file' && /(^|\/)[^/]+\.app\/Contents\/MacOS\/[^/]+$/.test(entry.header.name)) {
        for (const arch of machOArchs(Buffer.concat(chunks).subarray(0, 4096))) archs.add(arch);
      }
    }
  })();
  tar.end(gunzipSync(archive));
  await done;
  return [...archs];
}

/** The arch of an ELF executable (an AppImage's runtime), or undefined when it is not ELF. */
export function elfArch(head: Buffer): UpdateArch | undefined {
  if (head.length < 20 || head.readUInt32BE(0) !== 0x7f454c46) return undefined;
  const machine = head[5] === 2 ? head.readUInt16BE(18) : head.readUInt16LE(18);
  return ELF_MACHINE[machine];
}

/**
 * What is wrong with the update file's content for this platform, one sentence; undefined when it fits.
 * Windows is judged by name only: an NSIS installer is a 32-bit x86 program whatever it installs.
 */
export async function artifactContentProblem(platform: Platform, name: string, bytes: Buffer): Promise<string | undefined> {
  const [target, arch] = split(platform);
  if (target === 'darwin') {
    let archs: UpdateArch[];
    try {
      archs = await appArchiveArchs(bytes);
    } catch {
      return `${name} is not a .app.tar.gz (a gzip'd tar of the .app): pass the archive tauri build writes beside the .dmg`;
    }
    if (!archs.length) return `${name} holds no macOS app (no executable under Voxpen.app/Contents/MacOS): pass the .app.tar.gz tauri build writes`;
    if (!archs.includes(arch)) {
      return `${name} is the ${archs.join(' + ')} build, not ${arch}: a ${platform} installation cannot run it, so pass the ${arch} (or universal) build's .app.tar.gz`;
    }
  }
  if (target === 'linux') {
    const found = elfArch(bytes.subarray(0, 64));
    if (found !== arch) {
      return `${name} is ${found ? `the ${found} build` : 'not a Linux program'}, not ${arch}: pass the ${platform} build's .AppImage`;
    }
  }
  return undefined;
}
