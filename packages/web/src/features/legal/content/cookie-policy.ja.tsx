import type { LegalContent } from '../legal-document';
import { MailLink, PageLink } from '../legal-prose';
import { CookieSettingsButton } from '../cookie-settings-button';
import { CookieTable, type CookieDetails } from '../cookie-table';
import classes from '../legal.module.css';

const csrf = {
  purpose: '他のサイトからのなりすましによるフォームの送信やアカウントの変更を防ぎます。',
  duration: '1年',
};

const COOKIES: CookieDetails = {
  csrftoken: csrf,
  '__Host-csrftoken': csrf,
  sessionid: { purpose: 'ログイン状態を保持します。', duration: '最後のご利用から14日間' },
  lectern_visitor: {
    purpose: 'ブラウザを識別し、ログイン前のカートの中身を保持します。',
    duration: '2年',
  },
  lectern_consent: { purpose: 'Cookieの設定内容を記憶します。', duration: '1年' },
  price_country: { purpose: '表示する通貨と価格の国を保持します。', duration: '最長1年' },
  'ud_cache_*': {
    purpose: 'サーバーがページの正しいキャッシュを返せるようにします。',
    duration: '最長1年',
  },
  ud_locale: { purpose: '選択した言語を記憶します。', duration: '1年' },
  lectern_tracking_session: {
    purpose: 'サイトの利用状況を把握するため、1回の訪問で閲覧したページをまとめます。',
    duration: '最後の操作から30分間',
  },
  '_ga*': { purpose: 'アクセス解析：訪問数とページの利用状況を計測します。', duration: '最長2年' },
  '_gid*': { purpose: 'アクセス解析：1日の中で訪問を区別します。', duration: '24時間' },
  '_hj*': { purpose: 'セッションの記録：ページの使いにくい箇所を把握します。', duration: '最長1年' },
  '_gcl_*': { purpose: 'どの広告がご購入につながったかを計測します。', duration: '90日間' },
  '_fbp*': { purpose: '広告：関連性の高い広告を表示し、その効果を計測します。', duration: '90日間' },
  '_uet*': { purpose: 'どの広告がご購入につながったかを計測します。', duration: '最長13か月' },
  'li_*': {
    purpose: 'コンテンツを共有できるよう、ソーシャルメディアのツールを読み込みます。',
    duration: '最長6か月',
  },
};

export const content: LegalContent = ({ brand, seller }) => ({
  title: 'Cookieポリシー',
  description: `${brand}が使用するCookieとそれぞれの目的、設定の変更方法をご説明します。`,
  intro: (
    <p>
      Cookieとは、ウェブサイトがブラウザに保存する小さなファイルです。本ポリシーでは、{brand}
      が使用するCookieと、その選択方法についてご説明します。個人情報の取扱い全般については、
      <PageLink to="privacyPolicy">プライバシーポリシー</PageLink>をご覧ください。
    </p>
  ),
  sections: [
    {
      id: 'cookies-categories',
      heading: '使用するCookieの種類',
      body: (
        <ul>
          <li>
            <strong>必須Cookie：</strong>
            ログイン状態の保持、なりすましからのフォームの保護、カートの保持、Cookie設定の記憶に使用します。サイトの動作に欠かせないため、常に有効です。
          </li>
          <li>
            <strong>パフォーマンスCookie：</strong>
            訪問数を数え、ページの利用状況を計測してサイトの改善に役立てます。アクセス解析やセッションの記録にも必要です。
          </li>
          <li>
            <strong>機能性Cookie：</strong>言語などの選択内容を記憶します。
          </li>
          <li>
            <strong>広告Cookie：</strong>
            広告パートナーが関連性の高い広告を表示し、その効果を計測するために使用します。
          </li>
          <li>
            <strong>ソーシャルメディアCookie：</strong>
            コンテンツを共有できるよう、ソーシャルメディアのツールを読み込むために使用します。
          </li>
        </ul>
      ),
    },
    {
      id: 'cookies-list',
      heading: 'Cookieの一覧',
      body: (
        <>
          <p>
            名前が*で終わるCookieは、アクセス解析、広告、ソーシャルメディアのツールのものです。これらのツールは、当社が導入している場合に限り、お客様がそのカテゴリーを許可した後にのみ読み込まれます。
          </p>
          <CookieTable details={COOKIES} />
        </>
      ),
    },
    {
      id: 'cookies-storage',
      heading: 'ブラウザに保存するその他のデータ',
      body: (
        <p>
          カートの中身や購入手続き中のコースを次回の訪問まで保持するため、ブラウザのストレージも使用します。パフォーマンスCookieに同意いただいた場合は、送信待ちの利用状況データも保存します。同意を撤回されると、これらのデータは削除されます。
        </p>
      ),
    },
    {
      id: 'cookies-choices',
      heading: 'Cookieの設定',
      body: (
        <>
          <p>
            設定を選択されるまでは、必須Cookieのみを使用します。ただし、拒否されるまでCookieの使用が法令上認められている地域（米国など）では、無効にされるまですべてのカテゴリーが有効になります。設定内容は1年間保存され、各ページ下部の「Cookie設定」からいつでも変更できます。カテゴリーを無効にすると、そのCookieは削除されます。
          </p>
          <div className={classes.action}>
            <CookieSettingsButton />
          </div>
          <p>
            ブラウザの設定でCookieをブロックまたは削除することもできます。ただし、必須Cookieがないとログインやご購入ができません。
          </p>
        </>
      ),
    },
    {
      id: 'cookies-contact',
      heading: 'お問い合わせ',
      body: (
        <p>
          <MailLink email={seller.supportEmail} />
          までお問い合わせください。
        </p>
      ),
    },
  ],
});
