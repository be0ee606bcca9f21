import { readFileSync } from 'node:fs';
import { importC3d } from '#shared/formats/c3dImport';
import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
for (const f of process.argv.slice(2)) {
  const r = importC3d(new Uint8Array(readFileSync(f)));
  if (!r.ok) { console.log(f, 'ERR', r.error); continue; }
  const a = computeGaitMetrics(r.imported.recording);
  console.log(f, JSON.stringify(a).slice(0, 600));
}
