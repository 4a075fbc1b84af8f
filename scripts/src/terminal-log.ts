import type { DestinationStream } from 'pino';
import { build as prettyStream, type MessageFormatFunc } from 'pino-pretty';
import { createLogger, type Config, type Logger } from '@teamfolk/shared';

interface LoggedRequest {
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  userId?: number;
}

/**
 * A line a person reads: a request as `GET /api/employees 200 12 ms (user 7)`, anything else as its
 * message with the id of the request it belongs to. The fields below go into the message, or stay
 * out; other fields follow on lines of their own, as pino-pretty writes them.
 */
const message: MessageFormatFunc = (log, messageKey) => {
  const { req, res, responseTime, userId } = log as LoggedRequest;
  if (req?.method && res) {
    const who = userId === undefined ? '' : ` (user ${userId})`;
    return `${req.method} ${req.url} ${res.statusCode} ${responseTime} ms${who}`;
  }
  const text = String(log[messageKey] ?? '');
  return req?.id ? `${text} (request ${req.id})` : text;
};
const IN_THE_MESSAGE = 'pid,hostname,name,req,res,responseTime,userId,companyId';

/**
 * The log of `npm start`: in development readable lines in the terminal (the same redaction, through
 * pino-pretty in this process), in production the JSON lines a log collector reads, as the API's.
 * Written to stdout unless a destination is given (the tests').
 */
export function terminalLogger(
  config: Pick<Config, 'NODE_ENV' | 'LOG_LEVEL'>,
  destination?: DestinationStream,
): Logger {
  if (config.NODE_ENV === 'production') return createLogger(config.LOG_LEVEL, 'teamfolk', destination);
  const pretty = prettyStream({
    destination: destination ?? process.stdout,
    colorize: !destination && process.stdout.isTTY,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: IN_THE_MESSAGE,
    messageFormat: message,
    singleLine: true,
  });
  return createLogger(config.LOG_LEVEL, 'teamfolk', pretty);
}
