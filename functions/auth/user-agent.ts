/**
 * A browser's name and system from its user agent, for /account's "Where you are signed in"
 * (./session-clients.ts): the names bowser gives, for the browsers and systems people sign in from,
 * tried in bowser's order (Edge, Opera and Samsung's agents also say Chrome and Safari; Android's say
 * Linux). bowser itself was ~33 KB of the auth Lambda, most of it crawlers and rare browsers, all of
 * it run at cold start (docs/testing.md#lambda-budgets). An agent none of these names is nothing
 * known, which the page says as "a browser"; ./user-agent.test.ts holds each name to bowser's.
 */

/** [what the agent says, bowser's name], first match wins. */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/opera|opr\/|opios/i, 'Opera'],
  [/SamsungBrowser/i, 'Samsung Internet for Android'],
  [/YaBrowser/i, 'Yandex Browser'],
  [/UCBrowser/i, 'UC Browser'],
  [/msie|trident/i, 'Internet Explorer'],
  [/\sedg\/|edg([ea]|ios)\//i, 'Microsoft Edge'],
  [/vivaldi/i, 'Vivaldi'],
  [/firefox|iceweasel|fxios/i, 'Firefox'],
  [/chromium/i, 'Chromium'],
  [/chrome|crios|crmo/i, 'Chrome'],
  [/GSA\//i, 'Google Search'],
  [/^(?!.*like android).*android/i, 'Android Browser'],
  [/safari|applewebkit/i, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/windows phone/i, 'Windows Phone'],
  [/windows /i, 'Windows'],
  [/macintosh/i, 'macOS'],
  [/ipod|iphone|ipad/i, 'iOS'],
  [/^(?!.*like android).*android/i, 'Android'],
  [/linux/i, 'Linux'],
  [/CrOS/, 'Chrome OS'],
];

const nameIn = (table: readonly (readonly [RegExp, string])[], agent: string) => table.find(([test]) => test.test(agent))?.[1];

export function userAgentNames(agent: string): { browser?: string; os?: string } {
  return { browser: nameIn(BROWSERS, agent), os: nameIn(SYSTEMS, agent) };
}
