import {
  DUNNING_RETRY_DAYS,
  REFUND_WINDOW_DAYS,
  TEAM_PLAN_LICENSES,
  TRIAL_REMINDER_DAYS,
} from '@lectern/domain';
import type { LegalContent } from '../legal-document';
import { addressLine, MailLink, PageLink } from '../legal-prose';

export const content: LegalContent = ({ brand, businessBrand, seller }) => ({
  title: 'サポートセンター',
  description: `返金、請求書、お支払い、サブスクリプション、Team Plan、${brand}のアカウントに関するよくあるご質問への回答です。`,
  intro: (
    <p>
      よくお寄せいただくご質問への回答です。お探しの回答が見つからない場合は、
      <a href="#help-contact">お問い合わせ</a>ください。
    </p>
  ),
  sections: [
    {
      id: 'help-refunds',
      heading: '返金',
      subsections: [
        {
          id: 'help-refund-how',
          heading: 'コースの返金を受けるにはどうすればよいですか？',
          body: (
            <p>
              ご購入から{REFUND_WINDOW_DAYS}日以内に<PageLink to="purchaseHistory">購入履歴</PageLink>
              を開き、対象のコースで「返金をリクエスト」を選んでください。コースは直ちにマイコースから削除され、返金が完了した時点でメールでお知らせします。詳しくは
              <PageLink to="refundPolicy">返金ポリシー</PageLink>をご覧ください。
            </p>
          ),
        },
        {
          id: 'help-refund-when',
          heading: '返金はいつ受け取れますか？',
          body: (
            <p>
              返金はリクエストを受け付けた時点で、お支払いに使われたカードまたはお支払い方法に送られます。ご利用明細に反映されるまでの期間はカード会社によって異なり、通常5〜10営業日程度です。アカウントクレジットでお支払いいただいた分は、アカウントクレジットに戻ります。
            </p>
          ),
        },
        {
          id: 'help-refund-refused',
          heading: '返金をリクエストできないのはなぜですか？',
          body: (
            <p>
              ご購入から{REFUND_WINDOW_DAYS}
              日を過ぎたコース、すでに返金をリクエストしたコース、代金が発生していないコース（無料コースや100%割引の場合）、お支払いがまだ確認されていないコース（未払いのバウチャーなど）は返金できません。返金をリクエストできる最終日は購入履歴に表示されます。
            </p>
          ),
        },
        {
          id: 'help-refund-subscription',
          heading: 'サブスクリプションの返金は受けられますか？',
          body: (
            <p>
              法令で義務付けられている場合を除き、サブスクリプションの料金は返金いたしません。次回の更新前に解約すれば、以降の請求は発生しません。お支払い済みの期間の終了まではご利用いただけます。
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-invoices',
      heading: '請求書と領収書',
      subsections: [
        {
          id: 'help-invoice-where',
          heading: '請求書はどこで確認できますか？',
          body: (
            <p>
              <PageLink to="purchaseHistory">購入履歴</PageLink>
              で確認できます。コースのご注文とサブスクリプションのお支払いごとにPDFの請求書（「ダウンロード」）があり、返金ごとに返金明細書があります。組織のオーナーと管理者は、組織の請求書もここと、組織の管理画面の「請求」で確認できます。
            </p>
          ),
        },
        {
          id: 'help-invoice-business',
          heading: '請求書に会社名や税務上の登録番号を記載できますか？',
          body: (
            <p>
              はい。事業者の登録番号を受け付けている国では、購入手続き画面で付加価値税（VAT）やGSTの登録番号を入力してください。リバースチャージの対象となる取引では税金が加算されず、その旨が請求書に記載されます。Team
              Planの場合は、オーナーと管理者が「請求」で組織の請求先情報と税務上の番号を管理します。発行済みの請求書は変更できません。記載に誤りがある場合は、請求書番号を添えてお問い合わせください。
            </p>
          ),
        },
        {
          id: 'help-invoice-tax',
          heading: 'ご購入に税金が加算されたのはなぜですか？',
          body: (
            <p>
              売上税、付加価値税、消費税などの税金は、請求先の国（米国とカナダでは郵便番号や州）によって決まります。税額はお支払い前に購入手続き画面に表示され、請求書には税金ごとに記載されます。
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-payments',
      heading: 'お支払い方法',
      subsections: [
        {
          id: 'help-payment-methods',
          heading: 'どのようなお支払い方法が使えますか？',
          body: (
            <p>
              カードはすべての国でご利用いただけます。このほか、請求先の国に応じてApple Pay、Google
              Pay、PayPal、後払い、iDEAL、SEPAダイレクトデビット、Boleto、Pix、OXXO、UPIなどの各国のお支払い方法をご利用いただけます。ご利用可能な方法は購入手続き画面に表示されます。サブスクリプションのお支払いはカードのみです。コースのご購入では、アカウントクレジットが優先して使用されます。
            </p>
          ),
        },
        {
          id: 'help-payment-declined',
          heading: 'お支払いが承認されなかったのはなぜですか？',
          body: (
            <p>
              カード番号、有効期限、セキュリティコード、請求先の国をご確認ください。残高や利用限度額の不足、オンライン決済や海外での決済の制限、本人認証（3-Dセキュア）の未完了などの理由で、カード会社が決済を承認しないこともあります。もう一度お試しいただくか、別のお支払い方法をご利用いただくか、カード会社にお問い合わせください。承認されない決済が続いた場合は、お客様のアカウントを保護するため、しばらくの間カードでのお支払いを停止します。
            </p>
          ),
        },
        {
          id: 'help-payment-saved',
          heading: '保存したカードを削除するにはどうすればよいですか？',
          body: (
            <p>
              <PageLink to="paymentSettings">お支払い方法</PageLink>
              ページで、削除するカードの「削除」を選んでください。
            </p>
          ),
        },
        {
          id: 'help-payment-pending',
          heading: 'お支払いが保留中になっています。どうすればよいですか？',
          body: (
            <p>
              バウチャー（BoletoやOXXOなど）や一部の銀行決済は、お支払いが完了してから確認されます。確認ページにバウチャーへのリンクがあり、入金が確認され次第コースをご利用いただけます。期限までにお支払いのなかったバウチャーは、費用負担なく取り消されます。
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-subscriptions',
      heading: 'サブスクリプション',
      subsections: [
        {
          id: 'help-subscription-cancel',
          heading: 'サブスクリプションを解約するにはどうすればよいですか？',
          body: (
            <p>
              <PageLink to="manageSubscriptions">サブスクリプション</PageLink>
              ページで「サブスクリプションを解約」を選んでください。お支払い済みの期間の終了まではご利用いただけ、それまでであれば再開もできます。
            </p>
          ),
        },
        {
          id: 'help-subscription-trial',
          heading: '無料トライアルの終了後に課金されますか？',
          body: (
            <p>
              トライアル終了前に解約されない限り、トライアルの終了時にカードに課金されます。終了の
              {TRIAL_REMINDER_DAYS}
              日前にメールでお知らせします。無料トライアルは1枚のカードにつき1回限りです。
            </p>
          ),
        },
        {
          id: 'help-subscription-failed',
          heading: '更新時のお支払いに失敗するとどうなりますか？',
          body: (
            <p>
              メールでお知らせし、お支払い期日から{DUNNING_RETRY_DAYS.map((day) => `${day}日後`).join('、')}
              に再度決済を試みます。その間もプランは引き続きご利用いただけます。カードで決済できる状態かご確認いただくか、承認されなかった理由をカード会社にお問い合わせください。最後の決済にも失敗した場合、サブスクリプションは終了します。
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-team-plan',
      heading: 'Team Planのライセンス',
      subsections: [
        {
          id: 'help-team-licenses',
          heading: 'Team Planのライセンスはいくつまで持てますか？',
          body: (
            <p>
              {TEAM_PLAN_LICENSES.minimum}〜{TEAM_PLAN_LICENSES.maximum}
              ライセンスです。1ライセンスにつき1人のメンバーが{businessBrand}
              で学習できます。より大規模な組織の場合は、Enterprise Planについてお問い合わせください。
            </p>
          ),
        },
        {
          id: 'help-team-add',
          heading: 'ライセンスを追加するにはどうすればよいですか？',
          body: (
            <p>
              オーナーと管理者が、組織の管理画面の「サブスクリプション管理」で「ライセンスを追加」を選びます。無料トライアル中に追加したライセンスは、トライアル終了まで料金がかかりません。トライアル終了後に追加した場合は、現在の請求期間の残りの日数分を日割りで、その場でお支払いいただきます。
            </p>
          ),
        },
        {
          id: 'help-team-invite',
          heading: '同僚にライセンスを割り当てるにはどうすればよいですか？',
          body: (
            <p>
              組織の管理画面の「ユーザー」で「ユーザーを招待」を選び、同僚のメールアドレスを入力します。未承諾の招待はそれぞれ1ライセンスを確保し、同僚はメール内のリンクから招待を承諾します。メンバーを削除すると、そのライセンスを他の人に割り当てられるようになります。Team
              Planには<PageLink to="businessTerms">{businessBrand}利用規約</PageLink>が適用されます。
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-account',
      heading: 'アカウント',
      subsections: [
        {
          id: 'help-account-access',
          heading: 'パスワードを忘れた、またはメールアドレスを変更したい',
          body: (
            <p>
              ご本人確認のため、アカウントのメールアドレスからお問い合わせください。サポートチームが対応いたします。
            </p>
          ),
        },
        {
          id: 'help-account-delete',
          heading: 'アカウントを削除するにはどうすればよいですか？',
          body: (
            <p>
              アカウントのメールアドレスからお問い合わせください。事前にサブスクリプションを解約してください。
              <PageLink to="privacyPolicy">プライバシーポリシー</PageLink>
              に記載のとおり、税法により保存が義務付けられている請求書や記録を除き、お客様の個人情報を削除します。
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-contact',
      heading: 'お問い合わせ',
      body: (
        <>
          <p>
            アカウントのメールアドレスから
            <MailLink email={seller.supportEmail} />
            までお送りください。ご購入に関するお問い合わせの場合は、迅速に確認できるよう、請求書番号、またはご購入日とコース名をお書き添えください。
          </p>
          <p>
            {seller.name}
            {seller.address && <>（{addressLine(seller.address)}）</>}
          </p>
        </>
      ),
    },
  ],
});
