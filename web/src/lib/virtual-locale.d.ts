// Modules made by the Vite plugin in web/locale-parts.ts.
declare module 'virtual:locale/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
