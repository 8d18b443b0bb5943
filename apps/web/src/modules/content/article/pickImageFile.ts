/**
 * Opens the system file chooser for one picture and answers the file, or null when the user cancels.
 * (Used until the picture library's picker takes over: see GraphicEditorPage.)
 */
export const chooseImageFile = (accept = 'image/png,image/jpeg,image/gif,image/webp'): Promise<File | null> =>
  new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.style.display = 'none';
    const done = (file: File | null) => {
      input.remove();
      resolve(file);
    };
    input.addEventListener('change', () => done(input.files?.[0] ?? null), { once: true });
    input.addEventListener('cancel', () => done(null), { once: true });
    document.body.append(input);
    input.click();
  });

/** Pictures the body and cover accept (the file service checks the bytes). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const imageProblem = (file: File): 'type' | 'size' | null =>
  !/^image\/(?:png|jpeg|gif|webp)$/.test(file.type) ? 'type' : file.size > IMAGE_MAX_BYTES ? 'size' : null;
