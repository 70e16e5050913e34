import { describe, expect, it } from 'vitest';
import { catalogProblems, syntaxProblems } from './catalog-check';

const english = {
  'cart.count': '{count, plural, one {# course} other {# courses}} in your cart',
  'cart.total': 'Total: {amount}',
  'auth.toSignup': "Don't have an account? <link>Sign up</link>",
  'refund.status': '{status, select, pending {Pending} refunded {Refunded} other {Unknown}}',
  'plan.renews': 'Renews on {date, date, long}',
  'licenses.used': '{count, number} licenses used',
};

describe('catalogProblems', () => {
  it('finds nothing in a faithful translation, whatever its plural cases and word order', () => {
    const ja = {
      'cart.count': 'カートに{count, plural, other {#件のコース}}',
      'cart.total': '合計：{amount}',
      'auth.toSignup': 'アカウントをお持ちでないですか？<link>新規登録</link>',
      'refund.status': '{status, select, pending {処理中} refunded {返金済み} other {不明}}',
      'plan.renews': '{date, time, short}に更新されます',
      'licenses.used': '使用中のライセンス：{count}',
    };
    // `{count}` and `{count, plural}` both take the number; a time and a date both take a date.
    expect(catalogProblems('ja.json', english, ja)).toEqual([
      'ja.json: "licenses.used" has {count} where English has {count, number}',
    ]);
    expect(
      catalogProblems('es.json', english, {
        ...ja,
        'licenses.used': '{count, plural, one {# licencia usada} other {# licencias usadas}}',
      }),
    ).toEqual([]);
  });

  it('names missing, empty and unknown messages', () => {
    const es = {
      'cart.count': '{count, plural, one {# curso} other {# cursos}} en tu carrito',
      'cart.total': '',
      'auth.toSignup': '¿No tienes una cuenta? <link>Regístrate</link>',
      'refund.status': '{status, select, pending {Pendiente} refunded {Reembolsado} other {Desconocido}}',
      'plan.renews': 'Se renueva el {date, date, long}',
      'cart.tital': 'Total: {amount}',
    };
    expect(catalogProblems('es.json', english, es)).toEqual([
      'es.json: missing "cart.total"',
      'es.json: missing "licenses.used"',
      'es.json: "cart.tital" is not in en.json',
    ]);
  });

  it('names arguments and tags that differ from the English message', () => {
    const pt = {
      'cart.count': '{n, plural, one {# curso} other {# cursos}} no seu carrinho',
      'cart.total': 'Total: {amount, number}',
      'auth.toSignup': 'Não tem uma conta? <a>Cadastre-se</a>',
      'refund.status': '{status, select, pending {Pendente} other {Desconhecido}}',
      'plan.renews': 'Renova em {date, date, long} às {time}',
      'licenses.used': 'Licenças usadas: {count, number}',
    };
    expect(catalogProblems('pt-BR.json', english, pt)).toEqual([
      'pt-BR.json: "cart.count" lacks {count, plural}',
      'pt-BR.json: "cart.count" has {n, plural}, which English lacks',
      'pt-BR.json: "cart.total" has {amount, number} where English has {amount}',
      'pt-BR.json: "auth.toSignup" lacks <link>',
      'pt-BR.json: "auth.toSignup" has <a>, which English lacks',
      'pt-BR.json: "refund.status" has the cases other|pending of {status, select} where English has other|pending|refunded',
      'pt-BR.json: "plan.renews" has {time}, which English lacks',
    ]);
  });

  it('names translations that are not valid ICU or not text', () => {
    const ja = {
      ...english,
      'cart.total': '合計：{amount',
      'plan.renews': 42,
    };
    expect(catalogProblems('ja.json', english, ja)).toEqual([
      'ja.json: "cart.total" is not valid ICU (EXPECT_ARGUMENT_CLOSING_BRACE at character 4)',
      'ja.json: "plan.renews" is not a string',
    ]);
  });
});

describe('syntaxProblems', () => {
  it('names each message that does not parse', () => {
    expect(
      syntaxProblems('en.json', {
        ok: 'Hello {name}',
        plural: '{n, plural, one {# day}}',
        tag: 'Read <b>this</i>',
      }),
    ).toEqual([
      'en.json: "plural" is not valid ICU (MISSING_OTHER_CLAUSE at character 24)',
      'en.json: "tag" is not valid ICU (UNMATCHED_CLOSING_TAG at character 15)',
    ]);
  });
});
