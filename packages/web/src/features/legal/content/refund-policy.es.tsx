import { REFUND_WINDOW_DAYS } from '@lectern/domain';
import type { LegalContent } from '../legal-document';
import { MailLink, PageLink } from '../legal-prose';

export const content: LegalContent = ({ brand, seller }) => ({
  title: 'Política de reembolso',
  description: `Los cursos comprados en ${brand} se pueden reembolsar en un plazo de ${REFUND_WINDOW_DAYS} días: cómo solicitarlo, adónde va el dinero y cuándo no es posible un reembolso.`,
  intro: (
    <p>
      Si un curso que compraste en {brand} no es lo que buscabas, puedes solicitar un reembolso en un plazo de{' '}
      {REFUND_WINDOW_DAYS} días desde la compra. Te preguntamos el motivo para poder mejorar, pero aceptamos
      cualquier motivo.
    </p>
  ),
  sections: [
    {
      id: 'refunds-window',
      heading: `El reembolso de ${REFUND_WINDOW_DAYS} días`,
      body: (
        <ul>
          <li>
            Todo curso de pago se puede reembolsar hasta el final del día {REFUND_WINDOW_DAYS} posterior al
            día de la compra, lo hayas empezado o no. Los días se cuentan en tiempo universal coordinado
            (UTC): un curso comprado el 1 de marzo se puede reembolsar hasta el 31 de marzo a las 23:59 UTC.
            Tu Historial de compras muestra el último día para cada curso.
          </li>
          <li>
            Cada curso de un pedido se reembolsa por separado: puedes quedarte con algunos cursos de un pedido
            y reembolsar otros.
          </li>
        </ul>
      ),
    },
    {
      id: 'refunds-how',
      heading: 'Cómo solicitar un reembolso',
      body: (
        <>
          <ol>
            <li>
              Abre tu <PageLink to="purchaseHistory">Historial de compras</PageLink> desde el menú de tu
              cuenta.
            </li>
            <li>Busca el curso y elige «Solicitar un reembolso».</li>
            <li>Cuéntanos el motivo y confirma.</li>
          </ol>
          <p>
            El curso desaparece de Mis cursos de inmediato y te enviamos un correo electrónico cuando se
            completa el reembolso. Puedes seguirlo en la pestaña Reembolsos de tu Historial de compras.
          </p>
        </>
      ),
    },
    {
      id: 'refunds-money',
      heading: 'Adónde va tu dinero',
      body: (
        <ul>
          <li>
            Lo que pagaste con tarjeta u otro método de pago vuelve a esa misma tarjeta o método. Si pagaste
            una parte con crédito de la cuenta, esa parte vuelve a tu crédito de la cuenta.
          </li>
          <li>
            Enviamos el reembolso a nuestro proveedor de pagos de inmediato. El momento en que aparece en tu
            estado de cuenta depende de tu banco o método de pago; normalmente, entre 5 y 10 días hábiles.
          </li>
          <li>
            El reembolso se hace en la moneda en la que pagaste e incluye los impuestos que pagaste por el
            curso. No podemos cubrir las diferencias debidas a los tipos de cambio o las comisiones de tu
            banco.
          </li>
          <li>
            Por cada reembolso emitimos una nota de crédito, que puedes descargar desde tu Historial de
            compras junto a la factura.
          </li>
          <li>
            Si usaste un código de descuento con un número limitado de usos, el uso se devuelve cuando se han
            reembolsado todos los cursos comprados con él en ese pedido.
          </li>
        </ul>
      ),
    },
    {
      id: 'refunds-refusals',
      heading: 'Cuándo no es posible un reembolso',
      body: (
        <>
          <ul>
            <li>Han pasado más de {REFUND_WINDOW_DAYS} días desde la compra.</li>
            <li>Ya se solicitó un reembolso de ese curso.</li>
            <li>No se pagó nada por el curso (un curso gratuito o un descuento del 100 %).</li>
            <li>
              El pago todavía no ha llegado, por ejemplo, un cupón de pago que aún no se ha pagado. Cuando el
              pago se complete, podrás solicitar el reembolso.
            </li>
          </ul>
          <p>
            Si el proveedor de pagos no puede completar un reembolso, recuperas el curso y te explicamos el
            motivo por correo electrónico. Escríbenos y buscaremos juntos una solución.
          </p>
        </>
      ),
    },
    {
      id: 'refunds-subscriptions',
      heading: 'Suscripciones',
      body: (
        <p>
          Los pagos del Personal Plan y de los Team Plans no se reembolsan, ni tampoco las partes no
          utilizadas de un período de facturación, salvo cuando la ley lo exija. Puedes cancelar en cualquier
          momento en la página <PageLink to="manageSubscriptions">Suscripciones</PageLink>: conservas el
          acceso hasta el final del período ya pagado, y una prueba gratuita cancelada antes de que termine no
          tiene ningún costo.
        </p>
      ),
    },
    {
      id: 'refunds-rights',
      heading: 'Tus derechos legales',
      body: (
        <p>
          Esta política se suma a los derechos que te reconoce la ley del país donde vives; no los sustituye.
          Nuestro reembolso de {REFUND_WINDOW_DAYS} días es más largo que los plazos de desistimiento que
          prevén muchas leyes de consumo (14 días en la Unión Europea y el Reino Unido, 7 días en Brasil) y se
          aplica incluso si ya empezaste el curso.
        </p>
      ),
    },
    {
      id: 'refunds-help',
      heading: 'Preguntas',
      body: (
        <p>
          Nuestro <PageLink to="support">Centro de ayuda</PageLink> responde a las preguntas más frecuentes.
          Para cualquier otra consulta, escribe a <MailLink email={seller.supportEmail} /> desde la dirección
          de correo electrónico de tu cuenta.
        </p>
      ),
    },
  ],
});
