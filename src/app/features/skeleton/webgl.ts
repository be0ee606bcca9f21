export type WebglSupport = { available: boolean; software: boolean };

/** WebGL renderers that draw on the CPU: Chromium's SwiftShader, Mesa's llvmpipe, Microsoft's WARP. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|microsoft basic render/i;

/**
 * Whether this browser can give the viewer a WebGL context (off in some locked-down or very old browsers), and whether
 * it draws without a GPU (virtual desktops), where multisampling alone costs a frame in four.
 */
export function probeWebgl(): WebglSupport {
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return { available: false, software: false };
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
    // Release the probe's context at once: browsers allow only a handful at a time.
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return { available: true, software: typeof renderer === 'string' && SOFTWARE_RENDERER.test(renderer) };
  } catch {
    return { available: false, software: false };
  }
}

export const NO_WEBGL =
  'The 3D skeleton needs WebGL, which this browser or device has turned off or does not support. Turn on hardware acceleration or try another browser.';

/** The scene failed after all: WebGL refused a context, or its code could not be fetched while offline. */
export const SCENE_FAILED =
  'The 3D view could not start: WebGL may be turned off on this device, or the viewer could not be loaded (check the connection and reload).';
