import { ParsedMail, simpleParser } from 'mailparser';
import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message received, parsed, in arrival order (tests may empty it); empty when not parsing. */
  mails: ParsedMail[];
  /** How many messages were accepted, and when the last one was (performance.now()). */
  received: { count: number; lastAt: number };
  close(): Promise<void>;
}

/**
 * A real SMTP server (the npm package `smtp-server`) on a free loopback port, standing in for a
 * university's mail server. Tests read the messages back with `mailparser`; the benchmark only counts
 * them (`parse: false`), so that parsing ten thousand messages does not compete with the service.
 */
export async function startMailCatcher({ parse = true }: { parse?: boolean } = {}): Promise<MailCatcher> {
  const mails: ParsedMail[] = [];
  const received = { count: 0, lastAt: 0 };
  const accepted = () => {
    received.count++;
    received.lastAt = performance.now();
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      if (!parse) {
        stream.on('end', () => (accepted(), done()));
        stream.resume();
        return;
      }
      simpleParser(stream).then(
        (mail) => (mails.push(mail), accepted(), done()),
        (error: Error) => done(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    mails,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
