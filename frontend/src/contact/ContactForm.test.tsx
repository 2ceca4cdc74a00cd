import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../../../shared/texts';
import { contactAction } from './contact-action';
import { ContactForm } from './ContactForm';

const sendContactMessage = vi.hoisted(() => vi.fn());
vi.mock('../api/contact', () => ({ sendContactMessage }));

beforeEach(() => {
  sendContactMessage.mockReset();
  Element.prototype.scrollIntoView = vi.fn(); // jsdom does no layout
});

/** The form on its route, sending through /contact's action as the site does. */
function renderContact() {
  const router = createMemoryRouter([{ path: '/contact', action: contactAction, element: <ContactForm /> }], { initialEntries: ['/contact'] });
  return render(<RouterProvider router={router} />);
}

async function fill(name: string, email: string, message: string) {
  const user = userEvent.setup();
  if (name) await user.type(screen.getByLabelText('Name'), name);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (message) await user.type(screen.getByLabelText('Message'), message);
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
}

describe('contact form', () => {
  it('names each missing or bad field, focuses the first, and sends nothing', async () => {
    renderContact();
    await fill('', 'ada@', '');
    await vi.waitFor(() => expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(texts.contact.nameRequired));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(texts.contact.emailInvalid);
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(texts.contact.messageRequired);
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(sendContactMessage).not.toHaveBeenCalled();
  });

  it('sends a valid message and shows the success state', async () => {
    sendContactMessage.mockResolvedValue({ ok: true, message: texts.contact.sent });
    renderContact();
    await fill('Ada', 'ada@example.com', 'Hello there');
    expect(sendContactMessage).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com', message: 'Hello there' });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(texts.contact.sent);
    expect(status).toHaveFocus();
  });

  it("shows the server's per-field errors and its rate-limit message", async () => {
    sendContactMessage.mockResolvedValueOnce({ ok: false, message: '', fields: { email: texts.contact.emailInvalid } });
    renderContact();
    await fill('Ada', 'ada@example.com', 'Hello there');
    expect(await screen.findByText(texts.contact.emailInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();

    sendContactMessage.mockResolvedValueOnce({ ok: false, message: texts.contact.tooMany(60) });
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.contact.tooMany(60));
  });
});
