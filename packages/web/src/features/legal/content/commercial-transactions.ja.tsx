import { REFUND_WINDOW_DAYS } from '@lectern/domain';
import type { LegalContent } from '../legal-document';
import { addressLine, FactTable, MailLink, PageLink } from '../legal-prose';

const ON_REQUEST = 'ご請求があった場合には遅滞なく開示いたします。';

export const content: LegalContent = ({ brand, seller }) => ({
  title: '特定商取引法に基づく表記',
  description: `特定商取引法に基づく${brand}の販売事業者および販売条件の表示です。`,
  intro: <p>{brand}でのすべてのご購入に適用される、特定商取引法に基づく表記です。</p>,
  sections: [
    {
      id: 'commercial-seller',
      heading: '事業者情報',
      body: (
        <FactTable
          rows={[
            ['販売業者', seller.name],
            ['運営統括責任者', ON_REQUEST],
            ['所在地', seller.address ? addressLine(seller.address) : ON_REQUEST],
            ['電話番号', `${ON_REQUEST}お問い合わせはメールにてお願いいたします。`],
            ['メールアドレス', <MailLink key="email" email={seller.supportEmail} />],
          ]}
        />
      ),
    },
    {
      id: 'commercial-terms',
      heading: '販売条件',
      body: (
        <FactTable
          rows={[
            [
              '販売価格',
              '各コースページおよび購入手続き画面に、請求先の国の通貨で表示される価格です。消費税が課される場合は、表示価格に含まれています。',
            ],
            [
              '商品代金以外の必要料金',
              'ありません。インターネット接続に必要な通信料はお客様のご負担となります。',
            ],
            [
              'お支払い方法',
              'コース：クレジットカード、デビットカード、Apple Pay、Google Pay、PayPal、アカウントクレジット。サブスクリプション：クレジットカード、デビットカード。',
            ],
            [
              'お支払い時期',
              'コース：ご購入手続きの完了時。サブスクリプション：お申し込み時（無料トライアルがある場合はトライアルの終了時）、以降は解約されるまで各請求期間（月単位または年単位）の開始時。',
            ],
            [
              '役務の提供時期',
              'コースおよびサブスクリプションは、お支払いの確認後、直ちにご利用いただけます。',
            ],
            [
              '返品・キャンセルについて',
              <>
                コース：ご購入から{REFUND_WINDOW_DAYS}日以内であれば、
                <PageLink to="refundPolicy">返金ポリシー</PageLink>
                に従い全額を返金いたします。サブスクリプション：
                <PageLink to="manageSubscriptions">サブスクリプション</PageLink>
                ページからいつでも解約でき、お支払い済みの期間の終了までご利用いただけます。法令で義務付けられている場合を除き、お支払い済みの料金は返金いたしません。
              </>,
            ],
            [
              '定期購入の契約期間',
              'ご選択のプランに応じて、解約されるまで1か月ごとまたは1年ごとに自動更新されます。',
            ],
            ['動作環境', 'インターネット接続環境と、最新版のChrome、Edge、Firefox、Safariのいずれか。'],
          ]}
        />
      ),
    },
  ],
});
