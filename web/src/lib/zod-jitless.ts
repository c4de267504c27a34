// zod 4 compiles object schemas with `new Function` when it can, and finds out by trying once: under
// our Content Security Policy (no 'unsafe-eval') that try is a CSP violation report on the first
// parse of an object. The browser never may compile, so zod is told not to try.
import { z } from 'zod';

z.config({ jitless: true });
