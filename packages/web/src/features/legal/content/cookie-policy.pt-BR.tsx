import type { LegalContent } from '../legal-document';
import { MailLink, PageLink } from '../legal-prose';
import { CookieSettingsButton } from '../cookie-settings-button';
import { CookieTable, type CookieDetails } from '../cookie-table';
import classes from '../legal.module.css';

const csrf = {
  purpose:
    'Protege os seus formulários e as alterações na sua conta contra falsificações vindas de outros sites.',
  duration: '1 ano',
};

const COOKIES: CookieDetails = {
  csrftoken: csrf,
  '__Host-csrftoken': csrf,
  sessionid: { purpose: 'Mantém você conectado.', duration: '14 dias após a sua última visita' },
  lectern_visitor: {
    purpose: 'Reconhece o seu navegador para guardar o seu carrinho antes do login.',
    duration: '2 anos',
  },
  lectern_consent: { purpose: 'Lembra as suas escolhas de cookies.', duration: '1 ano' },
  price_country: { purpose: 'O país cuja moeda e cujos preços são exibidos.', duration: 'Até 1 ano' },
  'ud_cache_*': {
    purpose: 'Permite que os nossos servidores respondam com a versão em cache correta de uma página.',
    duration: 'Até 1 ano',
  },
  ud_locale: { purpose: 'Lembra o idioma que você escolheu.', duration: '1 ano' },
  lectern_tracking_session: {
    purpose: 'Agrupa as páginas que você vê em uma mesma visita, para medir como o site é usado.',
    duration: '30 minutos após a sua última atividade',
  },
  '_ga*': {
    purpose: 'Análise de uso: conta as visitas e mede como as páginas são usadas.',
    duration: 'Até 2 anos',
  },
  '_gid*': { purpose: 'Análise de uso: distingue as visitas ao longo de um dia.', duration: '24 horas' },
  '_hj*': {
    purpose: 'Gravação de sessões, para ver onde as páginas são difíceis de usar.',
    duration: 'Até 1 ano',
  },
  '_gcl_*': { purpose: 'Mede quais anúncios levaram a uma compra.', duration: '90 dias' },
  '_fbp*': {
    purpose: 'Publicidade: mostra anúncios relevantes e mede o desempenho deles.',
    duration: '90 dias',
  },
  '_uet*': { purpose: 'Mede quais anúncios levaram a uma compra.', duration: 'Até 13 meses' },
  'li_*': {
    purpose: 'Permite carregar as ferramentas de uma rede social para você compartilhar conteúdo.',
    duration: 'Até 6 meses',
  },
};

export const content: LegalContent = ({ brand, seller }) => ({
  title: 'Política de Cookies',
  description: `Quais cookies o ${brand} usa, para que serve cada um e como mudar as suas escolhas.`,
  intro: (
    <p>
      Cookies são pequenos arquivos que um site guarda no seu navegador. Esta política explica quais cookies o{' '}
      {brand} usa e como você pode escolhê-los. A forma como tratamos dados pessoais em geral está explicada
      na nossa <PageLink to="privacyPolicy">Política de Privacidade</PageLink>.
    </p>
  ),
  sections: [
    {
      id: 'cookies-categories',
      heading: 'Os tipos de cookies que usamos',
      body: (
        <ul>
          <li>
            <strong>Estritamente necessários:</strong> mantêm você conectado, protegem os formulários contra
            falsificações, guardam o seu carrinho e lembram a sua escolha de cookies. O site não funciona sem
            eles, por isso estão sempre ativados.
          </li>
          <li>
            <strong>De desempenho:</strong> contam as visitas e medem como as páginas são usadas para podermos
            melhorá-las. Também são necessários para análises de uso e gravações de sessões.
          </li>
          <li>
            <strong>Funcionais:</strong> lembram escolhas como o seu idioma.
          </li>
          <li>
            <strong>De publicidade:</strong> permitem que parceiros de publicidade mostrem anúncios relevantes
            e meçam o desempenho deles.
          </li>
          <li>
            <strong>De redes sociais:</strong> permitem carregar as ferramentas das redes sociais para você
            compartilhar conteúdo.
          </li>
        </ul>
      ),
    },
    {
      id: 'cookies-list',
      heading: 'Os cookies',
      body: (
        <>
          <p>
            Os cookies cujo nome termina em * pertencem a ferramentas de análise, publicidade ou redes
            sociais. Essas ferramentas só são carregadas se as usarmos e somente depois que você permitir a
            categoria delas.
          </p>
          <CookieTable details={COOKIES} />
        </>
      ),
    },
    {
      id: 'cookies-storage',
      heading: 'Outros dados guardados no seu navegador',
      body: (
        <p>
          Também usamos o armazenamento do seu navegador para guardar o seu carrinho entre as visitas e os
          cursos que você está comprando. Com o seu consentimento para cookies de desempenho, ele também
          guarda eventos de uso que aguardam envio. Quando você revoga esse consentimento, nós os excluímos.
        </p>
      ),
    },
    {
      id: 'cookies-choices',
      heading: 'Suas escolhas',
      body: (
        <>
          <p>
            Até você escolher, só são usados os cookies estritamente necessários. Nas regiões em que a lei
            permite usar cookies até que você os recuse (como os Estados Unidos), todas as categorias ficam
            ativadas até você desativá-las. A sua escolha fica salva por um ano, e você pode mudá-la a
            qualquer momento em "Configurações de cookies", no rodapé de todas as páginas. Quando você
            desativa uma categoria, excluímos os cookies dela.
          </p>
          <div className={classes.action}>
            <CookieSettingsButton />
          </div>
          <p>
            Você também pode bloquear ou excluir cookies nas configurações do navegador; sem os cookies
            estritamente necessários, não será possível fazer login nem comprar.
          </p>
        </>
      ),
    },
    {
      id: 'cookies-contact',
      heading: 'Dúvidas',
      body: (
        <p>
          Escreva para <MailLink email={seller.supportEmail} />.
        </p>
      ),
    },
  ],
});
