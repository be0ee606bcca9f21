import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Each architecture rule is proved able to fail: a violation is planted in a real file's text (not on disk) and
 * ESLint, with the project's own config, must report it under the rule that guards it. A rule whose resolver
 * resolves nothing passes every file, and only a test like this one notices.
 */
const eslint = new ESLint();

type Plant = { name: string; file: string; code: string; rule: string };

const plants: Plant[] = [
  {
    name: 'shared imports the client',
    file: 'src/shared/units.ts',
    code: "import '#app/lib/api';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'shared imports the server',
    file: 'src/shared/units.ts',
    code: "import '#server/clock';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'shared code imports a test fixture',
    file: 'src/shared/units.ts',
    code: "import '../../tests/fixtures/reports/reportModels.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the client imports the server',
    file: 'src/app/lib/formText.ts',
    code: "import '#server/clock';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the server imports the client',
    file: 'src/server/clock.ts',
    code: "import '#app/lib/formText';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the service worker imports the client',
    file: 'sw/sw.ts',
    code: "import '#app/lib/formText';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a feature imports another feature',
    file: 'src/app/features/home/AdminHome.tsx',
    code: "import '#app/features/patients/api/getPatient';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a feature imports another by a relative path',
    file: 'src/app/features/home/AdminHome.tsx',
    code: "import '../patients/api/getPatient.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'lib reaches up into a feature',
    file: 'src/app/lib/formText.ts',
    code: "import '#app/features/patients/api/getPatient';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a server feature imports another feature',
    file: 'src/server/features/reports/generateReport.ts',
    code: "import '#server/features/sessions/addSession';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a server feature imports another by a relative path',
    file: 'src/server/features/reports/generateReport.ts',
    code: "import '../sessions/addSession.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a folder below the server features reaches up into one',
    file: 'src/server/reports/reportSessions.ts',
    code: "import '#server/features/sessions/addSession';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a part that deps.ts composes imports deps',
    file: 'src/server/audit/requestAudit.ts',
    code: "import type { AppDeps } from '#server/deps';\nexport type Planted = AppDeps;",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the analysis reaches up into the reports',
    // A module that leads nowhere back, so that the plant adds no circle for the next files' clean run.
    file: 'src/server/analysis/onLocalDisk.ts',
    code: "import '#server/reports/signedLinks';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'production server code imports the demo seed',
    file: 'src/server/features/patients/addPatient.ts',
    code: "import '#server/seed/demoSeed';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'an import cycle',
    file: 'src/shared/gait/joints.ts',
    code: "import { parseJointData } from './jointDataFile.ts';\nexport const planted = parseJointData;",
    rule: 'local/no-cycle',
  },
  {
    // import-x/no-cycle would pass this one: it skips type-only imports.
    name: 'an import cycle through a type-only import',
    file: 'src/shared/gait/joints.ts',
    code: "import type { JointDataFile } from './jointDataFile.ts';\nexport type Planted = JointDataFile;",
    rule: 'local/no-cycle',
  },
  {
    name: 'an import cycle through a type-only re-export',
    file: 'src/app/components/ui/dataColumn.ts',
    code: "export type { DataTableProps } from './DataTable.tsx';",
    rule: 'local/no-cycle',
  },
  {
    name: 'an import that resolves to nothing',
    file: 'src/shared/units.ts',
    code: "import '#shared/noSuchModule';",
    rule: 'import-x/no-unresolved',
  },
  {
    name: 'a hook called conditionally',
    file: 'src/app/features/home/AdminHome.tsx',
    code: "import { useState } from 'react';\nexport function Planted({ on }: { on: boolean }) { if (on) useState(0); return null; }",
    rule: 'react-hooks/rules-of-hooks',
  },
  {
    name: 'the app prints to the console',
    file: 'src/app/lib/formText.ts',
    code: "console.log('planted');",
    rule: 'no-console',
  },
];

async function rulesFired(file: string, code: string): Promise<string[]> {
  const text = `${code}\n${readFileSync(file, 'utf8')}`;
  const [result] = await eslint.lintText(text, { filePath: file });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('architecture rules fire on a planted violation', () => {
  it.each(plants)('$name ($rule)', async ({ file, code, rule }) => {
    expect(await rulesFired(file, code)).toContain(rule);
  });

  it('the unchanged files pass, so the rules above fire because of the plant', async () => {
    for (const file of new Set(plants.map((plant) => plant.file))) {
      const fired = await rulesFired(file, '');
      expect(fired.filter((rule) => /^(import-x|react-hooks|local)\/|^no-console$/.test(rule))).toEqual([]);
    }
  });
});
