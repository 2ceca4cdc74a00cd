import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../auth/testing';
import { RETURN_TO_KEY } from '../../return-to';
import { OldAuthPathRedirect } from './OldAuthPathRedirect';

beforeEach(() => sessionStorage.clear());

describe('the old /auth addresses in the browser', () => {
  it('sends /auth to /signin, keeping redirectToPath as the return path sign-in uses', async () => {
    renderAt('/auth?redirectToPath=%2Fpricing', '/auth', <OldAuthPathRedirect />);
    expect(await screen.findByTestId('where')).toHaveTextContent(/^signin \/signin$/);
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/pricing');
  });

  it('never keeps a return path off the site', async () => {
    renderAt('/auth?redirectToPath=%2F%2Fevil.example', '/auth', <OldAuthPathRedirect />);
    expect(await screen.findByTestId('where')).toHaveTextContent(/^signin \/signin$/);
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('sends /auth?show=signup to /signup', async () => {
    renderAt('/auth?show=signup', '/auth', <OldAuthPathRedirect />);
    expect(await screen.findByTestId('where')).toHaveTextContent(/^other \/signup$/);
  });
});
