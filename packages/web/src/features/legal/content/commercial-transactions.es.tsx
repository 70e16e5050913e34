import { REFUND_WINDOW_DAYS } from '@lectern/domain';
import type { LegalContent } from '../legal-document';
import { addressLine, FactTable, MailLink, PageLink } from '../legal-prose';

const ON_REQUEST = 'Se facilita sin demora a quien lo solicite.';

export const content: LegalContent = ({ brand, seller }) => ({
  title: 'Información conforme a la Ley de Transacciones Comerciales Específicas de Japón',
  description: `El vendedor y las condiciones de venta de ${brand}, tal como exige la Ley de Transacciones Comerciales Específicas de Japón.`,
  intro: (
    <p>
      La Ley de Transacciones Comerciales Específicas de Japón (特定商取引法) obliga a los vendedores en línea
      a publicar la siguiente información. Se aplica a todas las compras en {brand}. La versión en japonés de
      esta página es la que prevalece.
    </p>
  ),
  sections: [
    {
      id: 'commercial-seller',
      heading: 'Vendedor',
      body: (
        <FactTable
          rows={[
            ['Vendedor', seller.name],
            ['Responsable de la operación', ON_REQUEST],
            ['Dirección', seller.address ? addressLine(seller.address) : ON_REQUEST],
            ['Teléfono', `${ON_REQUEST} Escríbenos primero por correo electrónico.`],
            ['Correo electrónico', <MailLink key="email" email={seller.supportEmail} />],
          ]}
        />
      ),
    },
    {
      id: 'commercial-terms',
      heading: 'Condiciones de venta',
      body: (
        <FactTable
          rows={[
            [
              'Precio',
              'El que se muestra en la página de cada curso y en la compra, en la moneda de tu país de facturación. Los precios incluyen el impuesto sobre el consumo cuando corresponde.',
            ],
            ['Otros cargos', 'Ninguno. El costo de tu conexión a internet corre por tu cuenta.'],
            [
              'Métodos de pago',
              'Cursos: tarjetas de crédito y débito, Apple Pay, Google Pay, PayPal y crédito de la cuenta. Suscripciones: tarjetas de crédito y débito.',
            ],
            [
              'Momento del pago',
              'Cursos: al completar la compra. Suscripciones: al suscribirte o, después de una prueba gratuita, cuando esta termina; luego, al inicio de cada período de facturación (mensual o anual) hasta que canceles.',
            ],
            [
              'Entrega',
              'Los cursos y las suscripciones se pueden usar inmediatamente después de confirmarse el pago.',
            ],
            [
              'Cancelaciones y reembolsos',
              <>
                Cursos: reembolso completo si lo solicitas en un plazo de {REFUND_WINDOW_DAYS} días desde la
                compra, como explica nuestra <PageLink to="refundPolicy">Política de reembolso</PageLink>.
                Suscripciones: se pueden cancelar en cualquier momento en la página{' '}
                <PageLink to="manageSubscriptions">Suscripciones</PageLink> y se pueden usar hasta el final
                del período ya pagado; los pagos ya realizados no se reembolsan, salvo cuando la ley lo exija.
              </>,
            ],
            [
              'Período de la suscripción',
              'Se renueva automáticamente cada mes o cada año, según el plan que elegiste, hasta que la canceles.',
            ],
            [
              'Requisitos del sistema',
              'Una conexión a internet y una versión actual de Chrome, Edge, Firefox o Safari.',
            ],
          ]}
        />
      ),
    },
  ],
});
