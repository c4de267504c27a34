import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './vite-precompress.ts';
import { localeParts } from './locale-parts.ts';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    localeParts(fileURLToPath(new URL('../core/locales', import.meta.url))),
    precompress(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
});
