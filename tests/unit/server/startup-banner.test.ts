import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/seed/demo-accounts';
import { panelAddress, startupBanner } from '../../../src/server/startup-banner';

describe('the start-up banner (issue 26)', () => {
  it('ends with the demo sign-ins and says where the emailed sign-in code shows up and what to type', () => {
    const lines = startupBanner({ panel: 'http://localhost:4321', accounts: DEMO_ACCOUNTS, smtp: false });
    expect(lines[0]).toBe('[hostdeck] ready: the panel is at http://localhost:4321/ and the API at http://localhost:4321/api/');
    for (const account of DEMO_ACCOUNTS) expect(lines.some((l) => l.includes(account.email) && l.includes(DEMO_PASSWORD))).toBe(true);
    const note = lines.slice(-4).join('\n');
    expect(note).toContain('6-digit code sent by email');
    expect(note).toContain("with SMTP_URL unset, the email is printed in this log ('[mail] Subject: Your sign-in verification code')");
    expect(note).toContain("'Verification code' field");
    expect(note).toContain('npx hostdeck login --code <code>');
    expect(lines.every((l) => l.startsWith('[hostdeck] '))).toBe(true);
  });

  it('sends the reader to the mailbox when mail goes out through SMTP_URL', () => {
    const note = startupBanner({ panel: 'http://localhost:4321', accounts: DEMO_ACCOUNTS, smtp: true }).join('\n');
    expect(note).toContain('it goes out through SMTP_URL');
    expect(note).not.toContain('printed in this log');
  });

  it('names the address a browser on this machine opens', () => {
    expect(panelAddress({})).toBe('http://localhost:4321');
    expect(panelAddress({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://localhost:8080');
    expect(panelAddress({ HOST: '::', PORT: '8080' })).toBe('http://localhost:8080');
    expect(panelAddress({ HOST: '127.0.0.1', PORT: '4999' })).toBe('http://127.0.0.1:4999');
  });
});
