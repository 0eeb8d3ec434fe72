import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSmtpMailer } from '../src/mail/mailer.ts';

/** A minimal SMTP server (RFC 5321 happy path) that keeps what it receives. */
let server: net.Server;
let port = 0;
const received: { from: string; to: string[]; data: string }[] = [];

beforeAll(async () => {
  server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('sends mail through SMTP_URL with nodemailer, attachments included', async () => {
  const mailer = createSmtpMailer(
    `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    'Tranche <no-reply@example.com>',
  );
  await mailer.send({
    to: 'ann@example.com',
    subject: 'Your Tranche access code',
    text: 'Your Tranche access code is: ABCD2345',
    attachments: [
      { filename: 'share.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7') },
    ],
  });
  await mailer.close();
  expect(received).toHaveLength(1);
  const [mail] = received;
  expect(mail?.from).toContain('<no-reply@example.com>');
  expect(mail?.to).toEqual(['RCPT TO:<ann@example.com>']);
  expect(mail?.data).toContain('Subject: Your Tranche access code');
  expect(mail?.data).toContain('Your Tranche access code is: ABCD2345');
  expect(mail?.data).toContain('filename=share.pdf');
});
