/**
 * The sign-in pages in Chromium against the whole local stack, as a new user meets them.
 * Their forms in the HTML the CDN serves (labelled, usable with JavaScript off, a press before the
 * code arrives held and answered once it has). Where the success view says it goes and what the header shows meanwhile, the sign-up form inside a
 * phone's first screen, the sign-in keyboard order, a cancelled Google sign-in, a taken email's one
 * message, and the status pages' alerts centred under their headings with one h1 each.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FORM_SHELL_ROUTES, FRONT_TOKEN_COOKIE } from '../../shared/site-pages';
import { texts } from '../../shared/texts';
import { AuthApi } from '../support/auth-api';
import { verifyThroughOutbox } from '../support/verification';
import { axeFindings, screenshotPath } from '../support/browser';
import { submitSignUpForm, useJourney } from '../support/journey';

const journey = useJourney();
const PASSWORD = 'engine42';

/** An account made through the API and its address proven from the outbox, as its owner would in another browser. */
async function provenAccount(email: string): Promise<void> {
  const api = new AuthApi(journey.stack.api, journey.stack.web);
  expect((await api.signUp(email, PASSWORD)).status).toBe('OK');
  await verifyThroughOutbox(api, journey.stack.outboxDir, email);
}
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function newPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  return (await journey.browser.newContext({ viewport })).newPage();
}

async function existingAccount(name: string): Promise<string> {
  const email = uniqueEmail(name);
  await provenAccount(email);
  return email;
}

/** The horizontal centre of an element's box, in CSS pixels. */
async function centreX(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  return box.x + box.width / 2;
}

/** Each sign-in page's form as its HTML carries it: the form's name, its fields' labels, its submit button. */
const FORMS: Record<string, { form: string; labels: string[]; submit: string; google: boolean }> = {
  '/signin': { form: 'Sign in', labels: ['Email', 'Password'], submit: 'Sign In', google: true },
  '/signup': { form: 'Sign up', labels: ['Full name', 'Email', 'Password', 'Confirm password', 'I agree to the Terms of Service and Privacy Policy'], submit: 'Create Account', google: true },
  '/auth/reset-password': { form: 'Get a reset link', labels: ['Email'], submit: 'Email me a reset link', google: false },
};

/** The entry script held until `release()`: the page's HTML is all there is until then. */
async function holdingTheCode(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('the sign-in pages as the CDN serves them', () => {
  it("carries each page's form in its HTML: named, every field labelled, the Google button where there is one, and with JavaScript off says what to do", async () => {
    expect([...Object.keys(FORMS), '/check-inbox', '/auth/mfa']).toEqual(FORM_SHELL_ROUTES);
    // With JavaScript off the page is its HTML as served, nothing added.
    const context = await journey.browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    const page = await context.newPage();
    for (const path of Object.keys(FORMS)) {
      expect((await page.goto(`${journey.stack.web}${path}`))?.status(), path).toBe(200);
      const { form: name, labels, submit, google } = FORMS[path]!;
      const html = await page.evaluate((formName) => {
        const form = document.querySelector(`form[aria-label="${formName}"]`);
        return {
          method: form?.getAttribute('method'),
          // Each field a person fills named by its label (for= its id, or around it), in the page's order.
          labels: [...(form?.querySelectorAll('input:not([type="hidden"])') ?? [])].map((input) => ((input.id ? document.querySelector(`label[for="${input.id}"]`) : null) ?? input.closest('label'))?.textContent?.trim()),
          submits: [...(form?.querySelectorAll('button[type="submit"]') ?? [])].map((b) => b.textContent),
          google: [...document.querySelectorAll('button')].some((b) => b.textContent === 'Continue with Google'),
        };
      }, name);
      expect(html, path).toEqual({ method: 'post', labels, submits: [submit], google });
      // What a person sees: the fields by their labels, the button, and what to do.
      const form = page.getByRole('form', { name });
      for (const label of labels) expect(await form.getByLabel(label, { exact: true }).isVisible(), `${path} ${label}`).toBe(true);
      expect(await page.getByRole('button', { name: submit, exact: true }).isVisible(), path).toBe(true);
      expect(await page.getByText(texts.auth.noScript).isVisible(), path).toBe(true);
    }
    await page.screenshot({ path: screenshotPath('auth-signup-no-javascript-1280'), fullPage: true });
    // "Check your inbox", to a browser with a session (any front token: the CDN does not read it), its buttons in the HTML.
    await context.addCookies([{ name: FRONT_TOKEN_COOKIE, value: 'x', url: journey.stack.web }]);
    await page.goto(`${journey.stack.web}/check-inbox`);
    await page.getByRole('heading', { level: 1, name: texts.verify.checkInbox.title }).waitFor();
    for (const name of [texts.verify.checkInbox.resend, texts.verify.checkInbox.changeAddress, texts.verify.checkInbox.signOut]) expect(await page.getByRole('button', { name }).isVisible(), name).toBe(true);
    expect(await page.getByText(texts.auth.noScript).isVisible()).toBe(true);
    // The second step: the app's code form, before anything of the session is known.
    await page.goto(`${journey.stack.web}/auth/mfa`);
    await page.getByRole('heading', { level: 1, name: texts.twoStep.mfa.title }).waitFor();
    expect(await page.getByRole('form', { name: texts.twoStep.mfa.factor.totp.label }).getByLabel(texts.twoStep.mfa.codeLabel).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: texts.twoStep.mfa.verify }).isVisible()).toBe(true);
    expect(await page.getByText(texts.auth.noScript).isVisible()).toBe(true);
    await context.close();
  });

  it('hydrates each form in place: the same elements, what was typed kept, nothing moved, no hydration error', async () => {
    for (const path of Object.keys(FORMS)) {
      const page = await newPage();
      const errors: string[] = [];
      page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
      page.on('pageerror', (error) => void errors.push(error.message));
      const release = await holdingTheCode(page);
      await page.goto(`${journey.stack.web}${path}`, { waitUntil: 'commit' });
      const { form: name, labels } = FORMS[path]!;
      await page.getByLabel('Email', { exact: true }).fill('typed-early@example.com');
      // Marks on the painted form's elements (properties, not attributes: React leaves neither, and a replaced element loses them), and where it is.
      const before = await page.evaluate((formName) => {
        const form = document.querySelector(`form[aria-label="${formName}"]`) as HTMLFormElement & { painted?: boolean };
        form.painted = true;
        return JSON.stringify(form.getBoundingClientRect());
      }, name);
      release();
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const after = await page.evaluate((formName) => {
        const form = document.querySelector(`form[aria-label="${formName}"]`) as HTMLFormElement & { painted?: boolean };
        return { painted: form.painted === true, box: JSON.stringify(form.getBoundingClientRect()), hydrated: Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')) };
      }, name);
      expect(after, path).toEqual({ painted: true, box: before, hydrated: true });
      expect(await page.getByLabel('Email', { exact: true }).inputValue(), path).toBe('typed-early@example.com');
      for (const label of labels) expect(await page.getByRole('form', { name }).getByLabel(label, { exact: true }).isVisible(), `${path} ${label}`).toBe(true);
      expect(errors, path).toEqual([]);
      await page.context().close();
    }
  });

  it('welcomes a browser that has signed in before back from the HTML on, and hydration changes nothing on screen', async () => {
    const page = await newPage(PHONE);
    await page.addInitScript(() => localStorage.setItem('voxpen.signedInBefore', '1'));
    const release = await holdingTheCode(page);
    await page.goto(`${journey.stack.web}/signin`, { waitUntil: 'commit' });
    const greeting = async () => ({
      heading: await page.getByRole('heading', { level: 1, name: texts.auth.intent.welcomeBack, exact: true }).isVisible(),
      returningLead: await page.getByText(texts.auth.intent.signInLeadReturning).isVisible(),
      newcomerLead: await page.getByText(texts.auth.intent.signInLead).isVisible(),
      form: JSON.stringify(await page.getByRole('form', { name: 'Sign in' }).boundingBox()),
    });
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    const painted = await greeting();
    expect(painted).toMatchObject({ heading: true, returningLead: true, newcomerLead: false });
    release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await greeting()).toEqual(painted);
    await page.context().close();
  });

  it('signs in from the form the HTML painted, sent before the code arrived: held, then sent once the page is hydrated', async () => {
    const email = await existingAccount('early');
    const page = await newPage();
    const release = await holdingTheCode(page);
    await page.goto(`${journey.stack.web}/signin`, { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    // Held, not sent by the browser: still /signin, what was typed in place.
    await page.locator('html[data-press-held]').waitFor({ state: 'attached' });
    expect(page.url()).toBe(`${journey.stack.web}/signin`);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    release();
    await page.getByRole('heading', { name: texts.auth.signIn.success }).waitFor();
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    await page.context().close();
  });

  it("goes on to Google from a Continue with Google pressed before the code arrived", async () => {
    const page = await newPage();
    const release = await holdingTheCode(page);
    await page.goto(`${journey.stack.web}/signup`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.locator('html[data-press-held]').waitFor({ state: 'attached' });
    release();
    await page.waitForURL(`${journey.stack.google}/interaction/**`);
    await page.context().close();
  });
});

describe('the sign-in pages in Chromium', () => {
  it('on the success view, says it goes back to pricing and shows Dashboard, not Login, in the header', async () => {
    const email = await existingAccount('success');
    const page = await newPage();
    // A plan button on /pricing remembers the way back before sending a visitor to sign in.
    await page.goto(`${journey.stack.web}/pricing`);
    await page.evaluate(() => sessionStorage.setItem('voxpen.returnTo', '/pricing'));
    await page.goto(`${journey.stack.web}/signin`);
    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.getByRole('link', { name: 'Login' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    await page.getByRole('heading', { name: texts.auth.signIn.success }).waitFor();
    // Still on the success view (it stays 1.5 s): the header already knows.
    await bar.getByRole('link', { name: 'Dashboard' }).waitFor({ timeout: 1000 });
    expect(page.url()).toBe(`${journey.stack.web}/signin`);
    expect(await bar.getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(await page.getByText(texts.auth.signIn.redirectingToPricing).isVisible()).toBe(true);
    expect(await page.getByText(texts.auth.signIn.redirecting).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('auth-signin-success-pricing-1280') });
    await page.waitForURL(`${journey.stack.web}/pricing`);
    await page.context().close();
  });

  it('shows the sign-up heading and its first field inside the first screen of a 390×844 phone', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${journey.stack.web}/signup`);
    const heading = await page.getByRole('heading', { name: 'Create your account' }).boundingBox();
    const firstField = await page.getByLabel('Full name').boundingBox();
    expect(heading).not.toBeNull();
    expect(firstField).not.toBeNull();
    expect(heading!.y + heading!.height).toBeLessThanOrEqual(PHONE.height);
    expect(firstField!.y + firstField!.height).toBeLessThanOrEqual(PHONE.height);
    // The figures are still there, and nothing scrolls sideways.
    await page.getByText('99.9%').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: screenshotPath('auth-signup-390') });
    await page.screenshot({ path: screenshotPath('auth-signup-390-full'), fullPage: true });
    await page.context().close();

    const wide = await newPage();
    await wide.goto(`${journey.stack.web}/signup`);
    await wide.getByRole('heading', { name: 'Create your account' }).waitFor();
    await wide.screenshot({ path: screenshotPath('auth-signup-1280'), fullPage: true });
    await wide.context().close();
  });

  it('loads /signin with nothing refused and nothing in the console: a first visit, signed in (sent on to where it asked), and after signing out', async () => {
    const email = await existingAccount('quiet-signin');
    const page = await newPage();
    const problems: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && problems.push(`console: ${message.text()}`)));
    page.on('pageerror', (error) => void problems.push(`page: ${error.message}`));
    page.on('response', (answer) => void (answer.status() >= 400 && problems.push(`${answer.status()} ${answer.request().method()} ${new URL(answer.url()).pathname}`)));
    await page.goto(`${journey.stack.web}/signin`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(problems, 'a first visit').toEqual([]);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${journey.stack.web}/dashboard`);
    // Not the sign-in itself: the auth SDK's first call in a browser where it has never kept a session
    // asks the refresh endpoint first (its "may exist" state), and Chromium logs that 401. Loading a
    // page never asks the SDK without a session (frontend/src/auth/session.tsx).
    problems.length = 0;
    await page.goto(`${journey.stack.web}/signin?redirectToPath=%2Faccount`);
    await page.waitForURL(`${journey.stack.web}/account`);
    await page.waitForLoadState('networkidle');
    expect(problems, 'signed in').toEqual([]);
    await page.context().clearCookies();
    await page.goto(`${journey.stack.web}/signin`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(problems, 'signed out').toEqual([]);
    await page.context().close();
  });

  it('goes Email → Password → Forgot password? by keyboard on /signin, under its own tab title', async () => {
    const page = await newPage();
    await page.goto(`${journey.stack.web}/signin`);
    await page.getByLabel('Email').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Forgot password?');
    expect(await page.title()).toBe('Sign in | Voxpen');
    await page.screenshot({ path: screenshotPath('auth-signin-1280'), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: screenshotPath('auth-signin-390'), fullPage: true });
    await page.context().close();
  });

  it('says one thing, beside the field, when the email already has an account', async () => {
    const email = await existingAccount('taken');
    const page = await newPage();
    await page.goto(`${journey.stack.web}/signup`);
    await submitSignUpForm(page, { name: 'Ada Lovelace', email: email, password: PASSWORD });

    await page.getByText(texts.auth.fields.emailExists).waitFor();
    expect(await page.getByText(texts.auth.fields.emailExists).count()).toBe(1);
    expect(await page.getByText(texts.auth.signUp.failed).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await page.screenshot({ path: screenshotPath('auth-signup-email-taken-1280'), fullPage: true });

    // Empty fields: a sentence each, none of the SDK's.
    await page.goto(`${journey.stack.web}/signup`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    // The form's action checks the fields and answers a moment after the click: wait for its first sentence.
    await page.getByText(texts.auth.fields.nameRequired).waitFor();
    for (const sentence of [texts.auth.fields.nameRequired, texts.auth.fields.emailRequired, texts.auth.fields.newPasswordRequired]) {
      expect(await page.getByText(sentence).count()).toBe(1);
    }
    expect(await page.getByText('Field is not optional').count()).toBe(0);
    await page.context().close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`reports a cancelled Google sign-in calmly, with a way back to sign in, at ${viewport.width} px`, async () => {
      const page = await newPage(viewport);
      await page.goto(`${journey.stack.web}/signin`);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL(`${journey.stack.google}/interaction/**`);
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.waitForURL(`${journey.stack.web}/auth/callback?**`);
      expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
      await page.getByRole('heading', { level: 1, name: texts.auth.callback.cancelledTitle }).waitFor();
      expect(await page.getByText(texts.auth.callback.cancelled).isVisible()).toBe(true);
      expect(await page.getByText(texts.auth.callback.unexpected).count()).toBe(0);
      expect(await page.title()).toBe('Signing in with Google | Voxpen');
      expect(await axeFindings(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`auth-callback-cancelled-${viewport.width}`), fullPage: true });
      await page.getByRole('link', { name: texts.auth.callback.backToSignIn }).click();
      await page.waitForURL(`${journey.stack.web}/signin`);
      await page.context().close();
    });
  }

  it('centres the alerts of /auth/callback and /launch under their headings, with one h1 each', async () => {
    const page = await newPage();
    const middle = DESKTOP.width / 2;

    await page.goto(`${journey.stack.web}/auth/callback?code=made-up&state=made-up`);
    await page.getByRole('heading', { name: texts.auth.callback.errorTitle }).waitFor();
    const heading = await centreX(page, 'h1');
    expect(Math.abs((await centreX(page, '[role=alert]')) - heading)).toBeLessThanOrEqual(2);
    expect(Math.abs(heading - middle)).toBeLessThanOrEqual(2);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('auth-callback-error-centred-1280'), fullPage: true });

    // A desktop sign-in link without its PKCE challenge: the error state.
    await page.goto(`${journey.stack.web}/launch?redirect_url=${encodeURIComponent('http://127.0.0.1:53123/cb')}`);
    await page.getByRole('alert').waitFor();
    expect(await page.locator('h1').count()).toBe(1);
    expect(Math.abs((await centreX(page, '[role=alert]')) - middle)).toBeLessThanOrEqual(2);
    expect(Math.abs((await centreX(page, 'h1')) - middle)).toBeLessThanOrEqual(2);
    expect(await page.title()).toBe('Connecting the desktop app | Voxpen');
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('launch-error-1280'), fullPage: true });
    await page.context().close();

    const phone = await newPage(PHONE);
    await phone.goto(`${journey.stack.web}/launch?redirect_url=${encodeURIComponent('http://127.0.0.1:53123/cb')}`);
    await phone.getByRole('alert').waitFor();
    expect(Math.abs((await centreX(phone, '[role=alert]')) - PHONE.width / 2)).toBeLessThanOrEqual(2);
    expect(await axeFindings(phone)).toEqual([]);
    await phone.screenshot({ path: screenshotPath('launch-error-390'), fullPage: true });
    await phone.context().close();
  });
});
