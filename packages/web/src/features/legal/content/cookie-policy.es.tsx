import type { LegalContent } from '../legal-document';
import { MailLink, PageLink } from '../legal-prose';
import { CookieSettingsButton } from '../cookie-settings-button';
import { CookieTable, type CookieDetails } from '../cookie-table';
import classes from '../legal.module.css';

const csrf = {
  purpose: 'Protege tus formularios y los cambios en tu cuenta contra falsificaciones desde otros sitios.',
  duration: '1 año',
};

const COOKIES: CookieDetails = {
  csrftoken: csrf,
  '__Host-csrftoken': csrf,
  sessionid: { purpose: 'Mantiene tu sesión iniciada.', duration: '14 días desde tu última visita' },
  lectern_visitor: {
    purpose: 'Reconoce tu navegador para conservar tu carrito antes de que inicies sesión.',
    duration: '2 años',
  },
  lectern_consent: { purpose: 'Recuerda tus preferencias de cookies.', duration: '1 año' },
  price_country: { purpose: 'El país cuya moneda y precios se muestran.', duration: 'Hasta 1 año' },
  'ud_cache_*': {
    purpose: 'Permite que nuestros servidores respondan con la versión en caché correcta de una página.',
    duration: 'Hasta 1 año',
  },
  ud_locale: { purpose: 'Recuerda el idioma que elegiste.', duration: '1 año' },
  lectern_tracking_session: {
    purpose: 'Agrupa las páginas que ves en una misma visita, para medir cómo se usa el sitio.',
    duration: '30 minutos desde tu última actividad',
  },
  '_ga*': {
    purpose: 'Analítica web: cuenta las visitas y mide cómo se usan las páginas.',
    duration: 'Hasta 2 años',
  },
  '_gid*': { purpose: 'Analítica web: distingue las visitas a lo largo de un día.', duration: '24 horas' },
  '_hj*': {
    purpose: 'Grabación de sesiones, para ver dónde resultan difíciles de usar las páginas.',
    duration: 'Hasta 1 año',
  },
  '_gcl_*': { purpose: 'Mide qué anuncios llevaron a una compra.', duration: '90 días' },
  '_fbp*': {
    purpose: 'Publicidad: te muestra anuncios relevantes y mide su rendimiento.',
    duration: '90 días',
  },
  '_uet*': { purpose: 'Mide qué anuncios llevaron a una compra.', duration: 'Hasta 13 meses' },
  'li_*': {
    purpose: 'Permite cargar las herramientas de una red social para que puedas compartir contenido.',
    duration: 'Hasta 6 meses',
  },
};

export const content: LegalContent = ({ brand, seller }) => ({
  title: 'Política de cookies',
  description: `Qué cookies usa ${brand}, para qué sirve cada una y cómo cambiar tus preferencias.`,
  intro: (
    <p>
      Las cookies son pequeños archivos que un sitio web guarda en tu navegador. Esta política explica qué
      cookies usa {brand} y cómo puedes elegirlas. Cómo tratamos los datos personales en general se explica en
      nuestra <PageLink to="privacyPolicy">Política de privacidad</PageLink>.
    </p>
  ),
  sections: [
    {
      id: 'cookies-categories',
      heading: 'Tipos de cookies que usamos',
      body: (
        <ul>
          <li>
            <strong>Estrictamente necesarias:</strong> mantienen tu sesión iniciada, protegen los formularios
            contra falsificaciones, conservan tu carrito y recuerdan tus preferencias de cookies. El sitio no
            puede funcionar sin ellas, por eso están siempre activadas.
          </li>
          <li>
            <strong>De rendimiento:</strong> cuentan las visitas y miden cómo se usan las páginas para poder
            mejorarlas. También son necesarias para la analítica y las grabaciones de sesiones.
          </li>
          <li>
            <strong>Funcionales:</strong> recuerdan elecciones como tu idioma.
          </li>
          <li>
            <strong>De publicidad:</strong> permiten que nuestros socios publicitarios te muestren anuncios
            relevantes y midan su rendimiento.
          </li>
          <li>
            <strong>De redes sociales:</strong> permiten cargar las herramientas de las redes sociales para
            que puedas compartir contenido.
          </li>
        </ul>
      ),
    },
    {
      id: 'cookies-list',
      heading: 'Las cookies',
      body: (
        <>
          <p>
            Las cookies cuyo nombre termina en * pertenecen a herramientas de analítica, publicidad o redes
            sociales. Estas herramientas solo se cargan si las usamos y solo después de que hayas permitido su
            categoría.
          </p>
          <CookieTable details={COOKIES} />
        </>
      ),
    },
    {
      id: 'cookies-storage',
      heading: 'Otros datos guardados en tu navegador',
      body: (
        <p>
          También usamos el almacenamiento de tu navegador para conservar tu carrito entre visitas y los
          cursos que estás comprando. Si aceptas las cookies de rendimiento, también guarda los eventos de uso
          pendientes de envío. Cuando retiras ese consentimiento, los eliminamos.
        </p>
      ),
    },
    {
      id: 'cookies-choices',
      heading: 'Tus opciones',
      body: (
        <>
          <p>
            Hasta que elijas, solo se usan las cookies estrictamente necesarias. En las regiones donde la ley
            permite usar cookies hasta que las rechaces (como Estados Unidos), todas las categorías están
            activadas hasta que las desactives. Tu elección se conserva durante un año y puedes cambiarla en
            cualquier momento en «Configuración de cookies», al pie de cada página. Cuando desactivas una
            categoría, eliminamos sus cookies.
          </p>
          <div className={classes.action}>
            <CookieSettingsButton />
          </div>
          <p>
            También puedes bloquear o eliminar las cookies en la configuración de tu navegador; sin las
            cookies estrictamente necesarias, no podrás iniciar sesión ni hacer compras.
          </p>
        </>
      ),
    },
    {
      id: 'cookies-contact',
      heading: 'Preguntas',
      body: (
        <p>
          Escribe a <MailLink email={seller.supportEmail} />.
        </p>
      ),
    },
  ],
});
