import { describe, expect, it } from 'vitest';
import { releaseProblems, versionKey } from './publish-release';

describe('versionKey', () => {
  it('orders versions numerically, not as text', () => {
    const versions = ['1.10.0', '1.9.3', '2.0.0', '1.4.2', '1.4.10'];
    const sorted = [...versions].sort((a, b) => versionKey(a).localeCompare(versionKey(b)));
    expect(sorted).toEqual(['1.4.2', '1.4.10', '1.9.3', '1.10.0', '2.0.0']);
  });

  it('puts a final release after its own pre-releases', () => {
    expect(versionKey('2.0.0') > versionKey('2.0.0-rc.1')).toBe(true);
    expect(versionKey('2.0.0-rc.1') > versionKey('1.9.9')).toBe(true);
  });

  it('orders numbered pre-releases by number, as SemVer does', () => {
    const versions = ['2.0.0-rc.10', '2.0.0-rc.9', '2.0.0-beta', '2.0.0-rc.2', '2.0.0'];
    const sorted = [...versions].sort((a, b) => (versionKey(a) < versionKey(b) ? -1 : 1));
    expect(sorted).toEqual(['2.0.0-beta', '2.0.0-rc.2', '2.0.0-rc.9', '2.0.0-rc.10', '2.0.0']);
  });
});

describe('releaseProblems', () => {
  const ok = { version: '1.4.2', downloadUrl: 'https://cdn.example.com/Voxpen_1.4.2_x64-setup.exe' };

  it('refuses a pre-release: every desktop app would take it as its update', () => {
    expect(releaseProblems({ ...ok, version: '1.5.0-rc.1' })).toEqual([expect.stringContaining('pre-release')]);
  });

  it('accepts a semantic version with an https URL', () => {
    expect(releaseProblems(ok)).toEqual([]);
  });

  it.each(['1.4', 'v1.4.2', '1.4.2.1', 'latest', ' 1.4.2'])('rejects the version %j', (version) => {
    expect(releaseProblems({ ...ok, version })).toEqual([expect.stringContaining('not a semantic version')]);
  });

  it('rejects plain http except on localhost', () => {
    expect(releaseProblems({ ...ok, downloadUrl: 'http://cdn.example.com/x.exe' })).toEqual([expect.stringContaining('https')]);
    expect(releaseProblems({ ...ok, downloadUrl: 'http://localhost:5173/downloads/x.exe' })).toEqual([]);
    expect(releaseProblems({ ...ok, downloadUrl: 'http://localhost.evil.example/x.exe' })).toEqual([expect.stringContaining('https')]);
  });

  it('rejects what is not a URL or not a date', () => {
    expect(releaseProblems({ ...ok, downloadUrl: 'installer.exe' })).toEqual([expect.stringContaining('is not a URL')]);
    expect(releaseProblems({ ...ok, pubDate: 'yesterday' })).toEqual([expect.stringContaining('is not a date')]);
  });
});
