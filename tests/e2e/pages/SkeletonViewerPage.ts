import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { UserType } from '#shared/auth/userTypes';

type CameraViewName = 'Side' | 'Front' | 'Top' | 'Follow';

/** /{type}/sessions/viewskeleton/{sessionID}/{subSessionID}, or the same viewer in the session browser's dialog. */
export class SkeletonViewerPage {
  readonly viewer: Locator;
  readonly canvas: Locator;
  readonly loadingBar: Locator;
  readonly message: Locator;
  readonly status: Locator;
  readonly play: Locator;
  readonly pause: Locator;
  readonly start: Locator;
  readonly reset: Locator;
  readonly next: Locator;
  readonly previousFrame: Locator;
  readonly nextFrame: Locator;
  readonly fullScreen: Locator;
  readonly exitFullScreen: Locator;
  readonly timeline: Locator;
  /** The drawn timeline (its slider input is visually hidden). */
  readonly timelineTrack: Locator;
  readonly speed: Locator;
  readonly clock: Locator;
  readonly frame: Locator;
  readonly cameraViews: Locator;
  readonly legend: Locator;

  constructor(private readonly page: Page) {
    this.viewer = page.getByRole('region', { name: 'Skeleton viewer' });
    this.canvas = this.viewer.locator('canvas');
    this.loadingBar = this.viewer.getByRole('progressbar');
    this.message = this.viewer.getByRole('alert');
    this.status = this.viewer.getByRole('status', { name: 'Playback status' });
    const button = (name: string) => this.viewer.getByRole('button', { name, exact: true });
    this.play = button('Play');
    this.pause = button('Pause');
    this.start = button('Start');
    this.reset = button('Reset');
    this.next = button('Next');
    this.previousFrame = button('Previous frame');
    this.nextFrame = button('Next frame');
    this.fullScreen = button('Full screen');
    this.exitFullScreen = button('Exit full screen');
    this.timeline = this.viewer.getByRole('slider', { name: 'Time' });
    this.timelineTrack = this.viewer.getByRole('group', { name: 'Time' });
    this.speed = this.viewer.getByRole('slider', { name: 'Speed' });
    this.clock = this.viewer.getByText(/^\d+:\d\d\.\d \/ \d+:\d\d\.\d$/);
    this.frame = this.viewer.getByText(/^Frame \d+ of \d+$/);
    this.cameraViews = this.viewer.getByRole('radiogroup', { name: 'Camera' });
    this.legend = this.viewer.getByRole('list', { name: 'Legend' });
  }

  /** One of the camera presets: Side, Front, Top or Follow. */
  cameraView(name: CameraViewName): Locator {
    return this.cameraViews.getByRole('radio', { name, exact: true });
  }

  /** Picks a camera preset as a user does, by pressing its label (the radio itself is visually hidden). */
  async chooseView(name: CameraViewName): Promise<void> {
    await this.cameraViews.getByText(name, { exact: true }).click();
  }

  async goto(type: UserType, sessionId: string, subSessionId: string): Promise<void> {
    await this.page.goto(`/${type}/sessions/viewskeleton/${sessionId}/${subSessionId}`);
  }

  /** Seconds into the walk, as the readout shows them. */
  async seconds(): Promise<number> {
    const [minutes = '0', seconds = '0'] = ((await this.clock.textContent()) ?? '').split(' / ')[0]?.split(':') ?? [];
    return Number(minutes) * 60 + Number(seconds);
  }

  async duration(): Promise<number> {
    const [minutes = '0', seconds = '0'] = ((await this.clock.textContent()) ?? '').split(' / ')[1]?.split(':') ?? [];
    return Number(minutes) * 60 + Number(seconds);
  }

  /**
   * Lets the page draw `count` animation frames: the clock the player advances by, so "nothing moved" is checked
   * against frames that would have moved a playing walk, not against a guessed sleep.
   */
  async animationFrames(count: number): Promise<void> {
    await this.page.evaluate(
      (n) =>
        new Promise<void>((resolve) => {
          let left = n;
          const step = () => (--left <= 0 ? resolve() : requestAnimationFrame(step));
          requestAnimationFrame(step);
        }),
      count,
    );
  }

  /** Drags nowhere: a press on the timeline's track at a fraction of its width jumps there. */
  async scrubTo(fraction: number): Promise<void> {
    const track = this.viewer.locator('.timeline__track');
    const box = await track.boundingBox();
    if (!box) throw new Error('timeline not visible');
    await track.click({ position: { x: box.width * fraction, y: box.height / 2 } });
  }

  /** 0.25× to 2× in steps of 0.25, by keyboard as a user without a mouse would. */
  async setSpeed(speed: number): Promise<void> {
    await this.speed.focus();
    await this.page.keyboard.press('Home');
    for (let value = 0.25; value < speed; value += 0.25) await this.page.keyboard.press('ArrowRight');
  }

  /** Distinct colours in a screenshot of the canvas (a blank canvas has one); decoded by the browser itself. */
  async canvasColourCount(): Promise<number> {
    const png = await this.canvas.screenshot();
    return this.page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) return 0;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += 4)
        colours.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
      return colours.size;
    }, png.toString('base64'));
  }

  /**
   * Where the figure is drawn, as fractions of the canvas (0 to 1): the box around the pixels in the left and right
   * side colours as lit (blue and orange limbs and joints, not the flat footprints), decoded by the browser from a
   * screenshot of the canvas.
   */
  async figureBounds(): Promise<{ top: number; bottom: number; left: number; right: number; height: number }> {
    const png = await this.canvas.screenshot();
    return this.page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D canvas');
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      let [top, bottom, left, right] = [image.height, -1, image.width, -1];
      for (let i = 0; i < data.length; i += 4) {
        const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]];
        // Blue (#2f7fd8, left) or orange (#f08a24, right), shaded; the grey floor and background are neither.
        const side = (b > 140 && b - r > 70) || (r > 170 && r - b > 90 && g > 80);
        // Footprints and toe-off rings are drawn unlit and untoned, in exactly these colours; the lit body is shaded.
        const near = (c: number, want: number) => Math.abs(c - want) <= 2;
        const flat = (near(r, 47) && near(g, 127) && near(b, 216)) || (near(r, 240) && near(g, 138) && near(b, 36));
        if (!side || flat) continue;
        const x = (i / 4) % image.width;
        const y = Math.floor(i / 4 / image.width);
        [top, bottom, left, right] = [Math.min(top, y), Math.max(bottom, y), Math.min(left, x), Math.max(right, x)];
      }
      const h = image.height;
      const w = image.width;
      return { top: top / h, bottom: bottom / h, left: left / w, right: right / w, height: (bottom - top) / h };
    }, png.toString('base64'));
  }

  /**
   * three.js announces every scene it makes to a `__THREE_DEVTOOLS__` event target when the page has one (the hook
   * of the three.js developer tools, in the product's own three.js): installed before the page loads, it keeps them.
   */
  static async watchScenes(context: BrowserContext): Promise<void> {
    await context.addInitScript(() => {
      const scenes: unknown[] = [];
      const devtools = new EventTarget();
      devtools.addEventListener('observe', (event) => {
        const object = (event as CustomEvent<{ isScene?: boolean }>).detail;
        if (object.isScene) scenes.push(object);
      });
      Object.defineProperty(window, '__THREE_DEVTOOLS__', { value: devtools });
      Object.defineProperty(window, '__scenes', { value: scenes });
    });
  }

  /**
   * From the last scene three.js made (watchScenes), as it is drawn: the floor's height (the object named Floor), the
   * joint spheres' lowest bottom and centre and highest centre (instance matrices: y scale is the radius, zero for a
   * joint never drawn), and the footprints on show with their heights; in scene units. Null before the scene exists.
   */
  async sceneState(): Promise<{
    floor: number;
    lowestBottom: number;
    lowest: number;
    highest: number;
    joints: number;
    footprints: number[];
  } | null> {
    return this.page.evaluate(() => {
      type Node = {
        name: string;
        position: { y: number };
        count: number;
        instanceMatrix?: { array: Float32Array };
        traverse: (visit: (node: Node) => void) => void;
      };
      const scene = (window as unknown as { __scenes: Node[] }).__scenes.at(-1);
      if (!scene) return null;
      const state = {
        floor: Number.NaN,
        lowestBottom: Infinity,
        lowest: Infinity,
        highest: -Infinity,
        joints: 0,
        footprints: [] as number[],
      };
      scene.traverse((node) => {
        const matrices = node.instanceMatrix?.array;
        if (node.name === 'Floor') state.floor = node.position.y;
        if (node.name === 'Footprints' && matrices)
          for (let i = 0; i < node.count; i++) state.footprints.push(matrices[i * 16 + 13] ?? Number.NaN);
        if (node.name !== 'Joints' || !matrices) return;
        for (let j = 0; j < node.count; j++) {
          const radius = matrices[j * 16 + 5] ?? 0;
          if (radius === 0) continue;
          const y = matrices[j * 16 + 13] ?? Number.NaN;
          state.joints++;
          state.lowest = Math.min(state.lowest, y);
          state.lowestBottom = Math.min(state.lowestBottom, y - radius);
          state.highest = Math.max(state.highest, y);
        }
      });
      return state;
    });
  }

  /**
   * Pixels of a screenshot of the canvas in the rows just under the figure (figureBounds), across its width, that
   * are the bare background (#f3f6f8, which three.js draws unlit): none when the figure stands on the drawn floor.
   */
  async backgroundUnderFeet(): Promise<{ background: number; sampled: number }> {
    const png = await this.canvas.screenshot();
    return this.page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D canvas');
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      // The lit body's side colours, as figureBounds reads them (the flat footprints left out).
      const near = (c: number, want: number) => Math.abs(c - want) <= 2;
      const isSide = (i: number) => {
        const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]];
        const flat = (near(r, 47) && near(g, 127) && near(b, 216)) || (near(r, 240) && near(g, 138) && near(b, 36));
        return !flat && ((b > 140 && b - r > 70) || (r > 170 && r - b > 90 && g > 80));
      };
      let [bottom, left, right] = [-1, image.width, -1];
      for (let i = 0; i < data.length; i += 4) {
        if (!isSide(i)) continue;
        const x = (i / 4) % image.width;
        bottom = Math.max(bottom, Math.floor(i / 4 / image.width));
        [left, right] = [Math.min(left, x), Math.max(right, x)];
      }
      let background = 0;
      let sampled = 0;
      for (let y = bottom + 2; y <= Math.min(image.height - 1, bottom + 8); y++)
        for (let x = left; x <= right; x++) {
          const i = (y * image.width + x) * 4;
          const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]];
          sampled++;
          if (Math.abs(r - 243) <= 2 && Math.abs(g - 246) <= 2 && Math.abs(b - 248) <= 2) background++;
        }
      return { background, sampled };
    }, png.toString('base64'));
  }

  /** Whether the viewer's canvas holds a WebGL context (getContext returns the existing one, or null). */
  async hasWebglContext(): Promise<boolean> {
    return this.canvas.evaluate(
      (canvas: HTMLCanvasElement) => canvas.getContext('webgl2') !== null || canvas.getContext('webgl') !== null,
    );
  }

  async isFullScreen(): Promise<boolean> {
    return this.page.evaluate(() => document.fullscreenElement?.getAttribute('aria-label') === 'Skeleton viewer');
  }
}
