import { SMALL_SCREEN_PX } from './viewMath';

// The device's WebGL texture limit, probed once with a throw-away context that is released at once.

let probed: number | null = null;

const probeMaxTextureSize = (): number => {
  if (probed !== null) return probed;
  probed = 4096;
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (gl) {
      probed = Number(gl.getParameter(gl.MAX_TEXTURE_SIZE)) || 4096;
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    // no WebGL: keep the conservative default
  }
  return probed;
};

export const deviceLimits = (): { maxTextureSize: number; smallScreen: boolean } => ({
  maxTextureSize: probeMaxTextureSize(),
  smallScreen:
    typeof window !== 'undefined' && Math.min(window.innerWidth, window.innerHeight) < SMALL_SCREEN_PX,
});
