import { describe, expect, it } from 'vitest';
import { appArchive } from '../../test/support/artifact-server';
import { artifactContentProblem, artifactNameProblem, elfArch, fileNameOf } from './release-artifacts';

const cdn = 'https://downloads.example.com/1.5.0';

describe('artifactNameProblem', () => {
  it.each([
    ['windows-x86_64', `${cdn}/Voxpen_1.5.0_x64-setup.exe`, undefined],
    ['windows-x86_64', `${cdn}/Voxpen_1.5.0_x64_en-US.msi`, undefined],
    ['windows-aarch64', `${cdn}/Voxpen_1.5.0_arm64-setup.exe`, undefined],
    ['windows-i686', `${cdn}/Voxpen_1.5.0_x86-setup.exe`, undefined],
    ['darwin-aarch64', `${cdn}/Voxpen_1.5.0_aarch64.dmg`, `${cdn}/darwin-aarch64/Voxpen.app.tar.gz`],
    ['darwin-x86_64', `${cdn}/Voxpen_1.5.0_universal.dmg`, `${cdn}/universal/Voxpen.app.tar.gz`],
    ['linux-x86_64', `${cdn}/voxpen_1.5.0_amd64.AppImage`, undefined],
    ['linux-aarch64', `${cdn}/voxpen_1.5.0_arm64.deb`, `${cdn}/voxpen_1.5.0_aarch64.AppImage`],
  ] as const)('accepts %s at %s', (platform, url, updateUrl) => {
    expect(artifactNameProblem(platform, url, updateUrl)).toBeUndefined();
  });

  it.each([
    ['windows-aarch64', `${cdn}/Voxpen_1.5.0_x64-setup.exe`, undefined, 'not named for arm64'],
    ['windows-x86_64', `${cdn}/Voxpen_1.5.0_x86-setup.exe`, undefined, 'not named for x64'],
    ['windows-x86_64', `${cdn}/Voxpen_1.5.0_x64.nsis.zip`, undefined, 'takes the installer tauri build writes'],
    ['windows-x86_64', `${cdn}/Voxpen_1.5.0_x64-setup.exe`, `${cdn}/Voxpen_1.5.0_arm64_en-US.msi`, '--update-url is Voxpen_1.5.0_arm64_en-US.msi, not named for x64'],
    ['darwin-aarch64', `${cdn}/Voxpen_1.5.0_aarch64.dmg`, undefined, 'needs --update-url'],
    ['darwin-aarch64', `${cdn}/darwin-aarch64/Voxpen.app.tar.gz`, `${cdn}/darwin-aarch64/Voxpen.app.tar.gz`, "download on /download is the .dmg"],
    ['darwin-x86_64', `${cdn}/Voxpen_1.5.0_aarch64.dmg`, `${cdn}/Voxpen.app.tar.gz`, 'takes the x64 or universal .dmg'],
    ['linux-x86_64', `${cdn}/voxpen_1.5.0_amd64.deb`, undefined, 'updates are the .AppImage'],
    ['linux-x86_64', `${cdn}/voxpen_1.5.0_aarch64.AppImage`, undefined, 'not named for amd64'],
  ] as const)('refuses %s at %s (update %s)', (platform, url, updateUrl, message) => {
    expect(artifactNameProblem(platform, url, updateUrl)).toContain(message);
  });

  it('reads the file name from the URL path, decoded, without the query', () => {
    expect(fileNameOf('https://cdn.example.com/a/Voxpen%201.5.0_x64-setup.exe?sig=1')).toBe('Voxpen 1.5.0_x64-setup.exe');
  });
});

describe('artifactContentProblem', () => {
  it('takes a universal .app.tar.gz for both Macs, a thin one only for its own', async () => {
    const universal = await appArchive('universal');
    expect(await artifactContentProblem('darwin-aarch64', 'Voxpen.app.tar.gz', universal)).toBeUndefined();
    expect(await artifactContentProblem('darwin-x86_64', 'Voxpen.app.tar.gz', universal)).toBeUndefined();
    expect(await artifactContentProblem('darwin-x86_64', 'Voxpen.app.tar.gz', await appArchive('x86_64'))).toBeUndefined();
    expect(await artifactContentProblem('darwin-aarch64', 'Voxpen.app.tar.gz', await appArchive('x86_64'))).toContain('is the x86_64 build, not aarch64');
  });

  it('refuses a Mac update that is not an app archive', async () => {
    expect(await artifactContentProblem('darwin-aarch64', 'Voxpen.app.tar.gz', Buffer.from('a disk image'))).toContain('is not a .app.tar.gz');
  });

  it("reads an AppImage's arch from its ELF header", async () => {
    const elf = (machine: number) => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1]), Buffer.alloc(12), Buffer.from([machine, 0]), Buffer.alloc(44)]);
    expect(elfArch(elf(0x3e))).toBe('x86_64');
    expect(elfArch(elf(0xb7))).toBe('aarch64');
    expect(await artifactContentProblem('linux-x86_64', 'voxpen_1.5.0_amd64.AppImage', elf(0x3e))).toBeUndefined();
    expect(await artifactContentProblem('linux-x86_64', 'voxpen_1.5.0_amd64.AppImage', elf(0xb7))).toContain('is the aarch64 build, not x86_64');
    expect(await artifactContentProblem('linux-x86_64', 'voxpen_1.5.0_amd64.AppImage', Buffer.from('#!/bin/sh'))).toContain('not a Linux program');
  });
});
