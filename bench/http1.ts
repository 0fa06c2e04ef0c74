// A minimal HTTP/1.1 client for the bench's fixed-rate run: kept-alive sockets, one request at a time on each, the
// request's bytes written as they are and the answer read only as far as its end (status, then Content-Length or
// chunks). Node's http client cost the load process 100-130 µs of CPU a request on the two cores it shares with
// the server; this one does only what counting an answer needs.
import net from 'node:net';

/** Where an answer ends in `buf`: its status and length, or null while it is incomplete. */
export function answerEnd(buf: Buffer): { status: number; length: number } | null {
  const headEnd = buf.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const head = buf.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  const bodyStart = headEnd + 4;
  const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (lengthMatch) {
    const length = bodyStart + Number(lengthMatch[1]);
    return buf.length >= length ? { status, length } : null;
  }
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
    let at = bodyStart;
    for (;;) {
      const lineEnd = buf.indexOf('\r\n', at);
      if (lineEnd < 0) return null;
      const size = Number.parseInt(buf.toString('latin1', at, lineEnd), 16);
      if (size === 0) {
        // The last chunk, no trailers: its line, then an empty line.
        const end = buf.indexOf('\r\n', lineEnd + 2);
        return end < 0 ? null : { status, length: end + 2 };
      }
      at = lineEnd + 2 + size + 2;
      if (buf.length < at) return null;
    }
  }
  // No body (204, 304) or none announced.
  return { status, length: bodyStart };
}

export interface Http1Request {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Headers this client writes itself: a second copy from the request's headers (a second, possibly stale
 * Content-Length) makes the server answer 400. */
const OWN_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

/** The bytes of a request, its body's length counted. */
export function requestBytes(host: string, r: Http1Request): Buffer {
  const body = r.body === undefined ? null : Buffer.from(r.body);
  let head = `${r.method} ${r.path} HTTP/1.1\r\nhost: ${host}\r\nconnection: keep-alive\r\n`;
  for (const [k, v] of Object.entries(r.headers ?? {}))
    if (!OWN_HEADERS.has(k.toLowerCase())) head += `${k}: ${v}\r\n`;
  if (body) head += `content-length: ${body.length}\r\n`;
  head += '\r\n';
  return body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : Buffer.from(head, 'latin1');
}

interface Waiting {
  bytes: Buffer;
  done(status: number | null): void;
}

/**
 * Up to `connections` kept-alive sockets to one host: `send` writes a request on an idle socket, or queues it
 * for the first to come free; `done` gets the status, or null when the socket failed.
 */
export function http1Pool(host: string, port: number, connections: number) {
  const queue: Waiting[] = [];
  const idle: Conn[] = [];
  const all = new Set<Conn>();
  let open = 0;
  let closed = false;

  class Conn {
    socket: net.Socket;
    current: Waiting | null = null;
    buf: Buffer = Buffer.alloc(0);
    constructor() {
      open++;
      all.add(this);
      this.socket = net.connect({ host, port, noDelay: true });
      this.socket.on('data', (chunk) => this.onData(chunk));
      this.socket.on('error', () => {});
      this.socket.on('close', () => this.onClose());
    }
    start(w: Waiting) {
      this.current = w;
      this.socket.write(w.bytes);
    }
    onData(chunk: Buffer) {
      this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
      const end = answerEnd(this.buf);
      if (!end || !this.current) return;
      this.buf = this.buf.subarray(end.length);
      const w = this.current;
      this.current = null;
      w.done(end.status);
      this.next();
    }
    next() {
      const w = queue.shift();
      if (w) this.start(w);
      else idle.push(this);
    }
    onClose() {
      open--;
      all.delete(this);
      const i = idle.indexOf(this);
      if (i >= 0) idle.splice(i, 1);
      const w = this.current;
      this.current = null;
      if (w) w.done(null);
      if (!closed && queue.length > 0) new Conn().next();
    }
  }

  return {
    send(bytes: Buffer, done: (status: number | null) => void) {
      const w = { bytes, done };
      const conn = idle.pop();
      if (conn) conn.start(w);
      else if (open < connections) new Conn().start(w);
      else queue.push(w);
    },
    /** Closes every socket; requests still waiting get null. */
    close() {
      closed = true;
      for (const c of all) c.socket.destroy();
      for (const w of queue.splice(0)) w.done(null);
    },
  };
}
