import { defineConfig } from 'vite';

// The public trace page's script (src/trace-public): its own tiny bundle, no React, written into the
// console's dist under a fixed name (the server versions its URL by content). Run after the console's
// build, which empties dist first.
export default defineConfig({
  build: {
    outDir: 'dist/trace-public',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2020',
    lib: {
      entry: 'src/trace-public/main.ts',
      formats: ['iife'],
      name: 'tilthTrace',
      fileName: () => 'trace-public.js',
    },
  },
});
