// What services take from and give back to the routes, with no HTTP in it: services import these from here, and
// plugins/route.ts turns them into answers.

/** Where a request comes from, as the services need it (limits, session records): plain values, never the request. */
export interface Client {
  ip: string;
  userAgent: string | null;
}

/** A file a service made for the caller to save: its bytes, what they are and the name to save them under. */
export interface FileAnswer {
  bytes: Uint8Array | string;
  contentType: string;
  fileName: string;
}
