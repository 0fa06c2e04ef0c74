import { z } from 'zod';

/**
 * zod v4 compiles each object schema's parser with `new Function` (its JIT), and the first object schema built
 * probes whether it may. Under the app's Content-Security-Policy (script-src 'self', no 'unsafe-eval') the
 * browser refuses that probe and reports a `script-src` violation on every page, although zod catches it.
 * Jitless, zod interprets the same schemas with the same results and never asks for eval; the server runs the
 * same way, so both sides behave alike.
 *
 * zod reads the setting when a schema is built, so this module is the first the contract's entry (index.ts)
 * evaluates: a program that takes anything from `@qbank/contract` has run it before the contract builds its
 * first schema. The app's entry (apps/web/src/main.tsx) reads `ZOD_JITLESS` so that the bundler keeps this
 * module: the package declares itself free of side effects, and a module whose exports nobody reads is left
 * out. The landing page's own script (landing.ts) builds no schema; the app it starts is main.tsx's.
 */
z.config({ jitless: true });

/** True: zod parses without compiling code (no eval), set before the contract builds a schema. */
export const ZOD_JITLESS = z.config().jitless === true;
