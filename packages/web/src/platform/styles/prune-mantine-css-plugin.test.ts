import { describe, expect, it } from 'vitest';
import { mantineClassesIn, pruneUnusedMantineRules } from './prune-mantine-css-plugin';

const CSS = `
:root{--mantine-color-body:#fff}
body{margin:0}
.m_11111111{color:red}
.m_22222222{color:blue}
.m_11111111:where([data-x]),.m_22222222:where([data-x]){padding:0}
.m_22222222 .m_11111111{margin:0}
@media (min-width:36em){.m_22222222{display:none}}
@media (min-width:48em){.m_11111111{display:block}.m_22222222{display:none}}
@keyframes m_33333333{from{opacity:0}to{opacity:1}}
._card_abc12_1{border:1px solid}
`;

describe('pruneUnusedMantineRules', () => {
  it("keeps the rules of the Mantine classes the code uses, and everything that is not Mantine's", () => {
    const pruned = pruneUnusedMantineRules(CSS, new Set(['m_11111111']));
    expect(pruned).toContain(':root{--mantine-color-body:#fff}');
    expect(pruned).toContain('body{margin:0}');
    expect(pruned).toContain('.m_11111111{color:red}');
    expect(pruned).toContain('.m_11111111:where([data-x]){padding:0}');
    expect(pruned).toContain('@media (min-width:48em){.m_11111111{display:block}}');
    expect(pruned).toContain('@keyframes m_33333333{from{opacity:0}to{opacity:1}}');
    expect(pruned).toContain('._card_abc12_1{border:1px solid}');
    // A class no code uses: its rules, its part of a selector list, and an at-rule left empty.
    expect(pruned).not.toContain('m_22222222');
    expect(pruned).not.toContain('min-width:36em');
  });

  it('finds the classes in the code as Mantine writes them', () => {
    const code = 'var classes={root:"m_11111111",label:"m_2a2b3c4d"};const x="m_nothex00 xm_11111112";';
    expect([...mantineClassesIn([code])].sort()).toEqual(['m_11111111', 'm_2a2b3c4d']);
  });
});
