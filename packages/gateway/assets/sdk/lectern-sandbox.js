/* global window, document, location */
// Lectern sandbox browser SDK, served by the sandbox at run time (as Stripe.js is).
// `LecternSandbox(publishableKey, { apiUrl })` returns an object with Stripe.js-like methods.
// Works under a strict CSP: no inline script, no eval, styles set through the CSSOM only.
(function (global) {
  'use strict';

  var currentScript = document.currentScript;
  var scriptOrigin = currentScript && currentScript.src ? new URL(currentScript.src).origin : location.origin;

  /** Form-encodes nested objects with bracket keys, as Stripe's API expects. */
  function encodeForm(data, prefix, pairs) {
    pairs = pairs || [];
    Object.keys(data).forEach(function (key) {
      var value = data[key];
      if (value === undefined) return;
      var name = prefix ? prefix + '[' + key + ']' : key;
      if (value !== null && typeof value === 'object') {
        encodeForm(value, name, pairs);
      } else {
        pairs.push(encodeURIComponent(name) + '=' + encodeURIComponent(value === null ? '' : String(value)));
      }
    });
    return pairs.join('&');
  }

  function intentId(clientSecret) {
    if (typeof clientSecret !== 'string' || clientSecret.indexOf('_secret_') < 0) {
      throw new Error('LecternSandbox: expected a client secret such as pi_…_secret_…');
    }
    return clientSecret.split('_secret_')[0];
  }

  function base64url(bytes) {
    var binary = '';
    var array = new Uint8Array(bytes);
    for (var i = 0; i < array.length; i++) binary += String.fromCharCode(array[i]);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function concat() {
    var total = 0;
    var parts = Array.prototype.slice.call(arguments).map(function (part) {
      return new Uint8Array(part);
    });
    parts.forEach(function (part) {
      total += part.length;
    });
    var out = new Uint8Array(total);
    var offset = 0;
    parts.forEach(function (part) {
      out.set(part, offset);
      offset += part.length;
    });
    return out;
  }

  function importEncryptionKey(subtle, publicKey) {
    var params = { name: 'RSA-OAEP', hash: 'SHA-256' };
    if (typeof publicKey === 'string' && publicKey.trim().charAt(0) === '{')
      publicKey = JSON.parse(publicKey);
    if (typeof publicKey === 'object' && publicKey !== null) {
      var jwk = { kty: publicKey.kty, n: publicKey.n, e: publicKey.e, alg: 'RSA-OAEP-256', ext: true };
      return subtle.importKey('jwk', jwk, params, false, ['encrypt']).then(function (key) {
        return { key: key, kid: publicKey.kid };
      });
    }
    var der = Uint8Array.from(atob(String(publicKey).replace(/-----[^-]+-----|\s/g, '')), function (c) {
      return c.charCodeAt(0);
    });
    return subtle.importKey('spki', der, params, false, ['encrypt']).then(function (key) {
      return { key: key, kid: undefined };
    });
  }

  /**
   * JWE compact serialization, RSA-OAEP-256 key wrapping + A256CBC-HS512 content encryption
   * (RFC 7516 / RFC 7518 §5.2.5), with WebCrypto only.
   */
  function encryptJwe(publicKey, plaintext) {
    var subtle = global.crypto && global.crypto.subtle;
    if (!subtle)
      return Promise.reject(
        new Error('LecternSandbox: WebCrypto is not available (use https or localhost).'),
      );
    return importEncryptionKey(subtle, publicKey).then(function (imported) {
      var header = { alg: 'RSA-OAEP-256', enc: 'A256CBC-HS512' };
      if (imported.kid) header.kid = imported.kid;
      var protectedHeader = base64url(new TextEncoder().encode(JSON.stringify(header)));
      var aad = new TextEncoder().encode(protectedHeader);
      var cek = global.crypto.getRandomValues(new Uint8Array(64));
      var iv = global.crypto.getRandomValues(new Uint8Array(16));
      var macKeyBytes = cek.slice(0, 32);
      var encKeyBytes = cek.slice(32);
      return Promise.all([
        subtle.encrypt({ name: 'RSA-OAEP' }, imported.key, cek),
        subtle.importKey('raw', encKeyBytes, { name: 'AES-CBC' }, false, ['encrypt']),
        subtle.importKey('raw', macKeyBytes, { name: 'HMAC', hash: 'SHA-512' }, false, ['sign']),
      ]).then(function (keys) {
        return subtle
          .encrypt({ name: 'AES-CBC', iv: iv }, keys[1], new TextEncoder().encode(plaintext))
          .then(function (ciphertext) {
            var al = new Uint8Array(8);
            var bits = aad.length * 8;
            for (var i = 7; i >= 0; i--) {
              al[i] = bits & 0xff;
              bits = Math.floor(bits / 256);
            }
            return subtle.sign('HMAC', keys[2], concat(aad, iv, ciphertext, al)).then(function (mac) {
              var tag = new Uint8Array(mac).slice(0, 32);
              return [
                protectedHeader,
                base64url(keys[0]),
                base64url(iv),
                base64url(ciphertext),
                base64url(tag),
              ].join('.');
            });
          });
      });
    });
  }

  /** A modal frame on the merchant's page showing one of the sandbox's hosted pages. */
  function openFrame(url, title) {
    var overlay = document.createElement('div');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', title);
    overlay.setAttribute('data-lectern-sandbox-modal', '');
    Object.assign(overlay.style, {
      position: 'fixed',
      inset: '0',
      background: 'rgba(15, 23, 42, 0.6)',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      zIndex: '2147483647',
    });
    var frame = document.createElement('iframe');
    frame.title = title;
    frame.src = url + (url.indexOf('?') < 0 ? '?' : '&') + 'origin=' + encodeURIComponent(location.origin);
    Object.assign(frame.style, {
      width: 'min(440px, 95vw)',
      height: 'min(600px, 92vh)',
      border: '0',
      borderRadius: '12px',
      background: '#fff',
    });
    overlay.appendChild(frame);
    document.body.appendChild(overlay);
    var frameOrigin = new URL(url, location.href).origin;
    return {
      frame: frame,
      close: function () {
        overlay.remove();
      },
      /** Resolves with the first message of one of `types` from this frame. */
      next: function (types) {
        return new Promise(function (resolve) {
          function onMessage(event) {
            if (event.source !== frame.contentWindow || event.origin !== frameOrigin) return;
            if (!event.data || types.indexOf(event.data.type) < 0) return;
            global.removeEventListener('message', onMessage);
            resolve(event.data);
          }
          global.addEventListener('message', onMessage);
        });
      },
    };
  }

  function LecternSandbox(publishableKey, options) {
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) {
      throw new Error('LecternSandbox: pass your publishable key (pk_…).');
    }
    var apiUrl = ((options && options.apiUrl) || scriptOrigin).replace(/\/$/, '');

    function request(method, path, params) {
      var init = { method: method, headers: { Authorization: 'Bearer ' + publishableKey } };
      var url = apiUrl + path;
      if (method === 'GET' && params) url += '?' + encodeForm(params);
      if (method === 'POST') {
        init.headers['Content-Type'] = 'application/x-www-form-urlencoded';
        init.body = encodeForm(params || {});
      }
      return global
        .fetch(url, init)
        .then(function (response) {
          return response.json().then(function (body) {
            return response.ok
              ? { data: body }
              : { error: body.error || { type: 'api_error', message: 'Request failed' } };
          });
        })
        .catch(function (error) {
          return {
            error: { type: 'api_connection_error', message: String((error && error.message) || error) },
          };
        });
    }

    function paymentMethodParams(data, type) {
      var params = {};
      var pm = data && data.payment_method;
      if (typeof pm === 'string') params.payment_method = pm;
      else if (pm && typeof pm === 'object') params.payment_method_data = Object.assign({ type: type }, pm);
      else if (type !== 'card') params.payment_method_data = { type: type };
      return params;
    }

    function retrieve(kind, clientSecret) {
      var path = kind === 'setup' ? '/v1/setup_intents/' : '/v1/payment_intents/';
      return request('GET', path + intentId(clientSecret), { client_secret: clientSecret });
    }

    /** Maps an intent to Stripe.js's result shape: `{paymentIntent}` or `{error}`. */
    function result(kind, intent) {
      var key = kind === 'setup' ? 'setupIntent' : 'paymentIntent';
      var lastError = kind === 'setup' ? intent.last_setup_error : intent.last_payment_error;
      if (intent.status === 'requires_payment_method' && lastError) {
        var error = Object.assign({}, lastError);
        error[kind === 'setup' ? 'setup_intent' : 'payment_intent'] = intent;
        return { error: error };
      }
      var out = {};
      out[key] = intent;
      return out;
    }

    /** Shows what the intent's next_action asks for; resolves once the customer is done. */
    function handleNextAction(kind, intent, clientSecret) {
      var action = intent.next_action;
      if (!action) return Promise.resolve(result(kind, intent));
      if (action.type === 'redirect_to_url') {
        location.assign(action.redirect_to_url.url);
        return new Promise(function () {});
      }
      var url =
        (action.use_stripe_sdk && action.use_stripe_sdk.stripe_js) ||
        (action.boleto_display_details && action.boleto_display_details.hosted_voucher_url) ||
        (action.oxxo_display_details && action.oxxo_display_details.hosted_voucher_url) ||
        (action.pix_display_qr_code && action.pix_display_qr_code.hosted_instructions_url) ||
        (action.doku_display_details && action.doku_display_details.hosted_voucher_url);
      if (!url)
        return Promise.resolve({
          error: { type: 'invalid_request_error', message: 'Action can not be handled' },
        });
      var title = action.type === 'use_stripe_sdk' ? '3-D Secure authentication' : 'Payment instructions';
      var modal = openFrame(url, title);
      return modal.next(['lectern-sandbox:action', 'lectern-sandbox:close']).then(function () {
        modal.close();
        return retrieve(kind, clientSecret).then(function (response) {
          return response.error ? { error: response.error } : result(kind, response.data);
        });
      });
    }

    function confirm(kind, clientSecret, params, handleActions) {
      var path =
        (kind === 'setup' ? '/v1/setup_intents/' : '/v1/payment_intents/') +
        intentId(clientSecret) +
        '/confirm';
      params.client_secret = clientSecret;
      params.use_stripe_sdk = true;
      params.expand = ['payment_method'];
      return request('POST', path, params).then(function (response) {
        if (response.error) return { error: response.error };
        var intent = response.data;
        if (intent.status === 'requires_action' && handleActions !== false) {
          return handleNextAction(kind, intent, clientSecret);
        }
        return result(kind, intent);
      });
    }

    function confirmWithType(type) {
      return function (clientSecret, data, options) {
        var params = paymentMethodParams(data, type);
        if (data && data.return_url) params.return_url = data.return_url;
        if (data && data.payment_method_options) params.payment_method_options = data.payment_method_options;
        return confirm('payment', clientSecret, params, options && options.handleActions);
      };
    }

    function PaymentRequest(details) {
      this.details = Object.assign(
        { country: 'US', currency: 'usd', total: { label: 'Total', amount: 0 } },
        details,
      );
      this.handlers = {};
    }
    PaymentRequest.prototype.on = function (name, handler) {
      (this.handlers[name] = this.handlers[name] || []).push(handler);
      return this;
    };
    PaymentRequest.prototype.off = function (name, handler) {
      this.handlers[name] = (this.handlers[name] || []).filter(function (h) {
        return h !== handler;
      });
      return this;
    };
    PaymentRequest.prototype.emit = function (name, event) {
      (this.handlers[name] || []).forEach(function (handler) {
        handler(event);
      });
    };
    PaymentRequest.prototype.update = function (details) {
      Object.assign(this.details, details);
    };
    /** Both wallets are simulated; each is available unless its status is `down`. */
    PaymentRequest.prototype.canMakePayment = function () {
      return request('GET', '/v1/sandbox/method_status').then(function (response) {
        if (response.error) return null;
        var status = {};
        response.data.data.forEach(function (entry) {
          status[entry.type] = entry.status;
        });
        var out = {
          applePay: status.apple_pay !== 'down',
          googlePay: status.google_pay !== 'down',
          sandboxPay: true,
        };
        return out.applePay || out.googlePay ? out : null;
      });
    };
    /** Opens the sandbox pay sheet; emits `paymentmethod` (with `complete(status)`) or `cancel`. */
    PaymentRequest.prototype.show = function (wallet) {
      var details = this.details;
      var emit = this.emit.bind(this);
      var query = [
        'key=' + encodeURIComponent(publishableKey),
        'wallet=' + encodeURIComponent(wallet || 'google_pay'),
        'label=' + encodeURIComponent(details.total.label),
        'amount=' + encodeURIComponent(details.total.amount),
        'currency=' + encodeURIComponent(details.currency),
      ].join('&');
      var modal = openFrame(apiUrl + '/hosted/pay-sheet?' + query, 'Sandbox pay sheet');
      modal.next(['lectern-sandbox:wallet', 'lectern-sandbox:close']).then(function (message) {
        if (message.type !== 'lectern-sandbox:wallet') {
          modal.close();
          emit('cancel', {});
          return;
        }
        var paymentMethod = message.paymentMethod;
        emit('paymentmethod', {
          paymentMethod: paymentMethod,
          walletName: paymentMethod.card.wallet.type === 'apple_pay' ? 'applePay' : 'googlePay',
          payerName: paymentMethod.billing_details.name,
          payerEmail: paymentMethod.billing_details.email,
          complete: function () {
            modal.close();
          },
        });
      });
    };

    return {
      /** `{type: 'card', card: {number, exp_month, exp_year, cvc}, billing_details}` or another type. */
      createPaymentMethod: function (data) {
        return request('POST', '/v1/payment_methods', data).then(function (response) {
          return response.error ? { error: response.error } : { paymentMethod: response.data };
        });
      },
      confirmCardPayment: function (clientSecret, data, options) {
        var params = paymentMethodParams(data, 'card');
        if (data && data.return_url) params.return_url = data.return_url;
        if (data && data.setup_future_usage) params.setup_future_usage = data.setup_future_usage;
        return confirm('payment', clientSecret, params, options && options.handleActions);
      },
      /** For intents the server confirmed (`next_action.type === 'use_stripe_sdk'`). */
      handleCardAction: function (clientSecret) {
        return retrieve('payment', clientSecret).then(function (response) {
          if (response.error) return { error: response.error };
          var intent = response.data;
          if (intent.status !== 'requires_action') {
            return {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: 'The PaymentIntent has status ' + intent.status + ' and needs no action.',
                payment_intent: intent,
              },
            };
          }
          return handleNextAction('payment', intent, clientSecret);
        });
      },
      confirmCardSetup: function (clientSecret, data, options) {
        var params = paymentMethodParams(data, 'card');
        if (data && data.return_url) params.return_url = data.return_url;
        return confirm('setup', clientSecret, params, options && options.handleActions);
      },
      confirmAffirmPayment: confirmWithType('affirm'),
      confirmAfterpayClearpayPayment: confirmWithType('afterpay_clearpay'),
      confirmIdealPayment: confirmWithType('ideal'),
      confirmSofortPayment: confirmWithType('sofort'),
      confirmSepaDebitPayment: confirmWithType('sepa_debit'),
      confirmPayPalPayment: confirmWithType('paypal'),
      confirmUpiPayment: confirmWithType('upi'),
      confirmNetbankingPayment: confirmWithType('netbanking'),
      confirmBoletoPayment: confirmWithType('boleto'),
      confirmOxxoPayment: confirmWithType('oxxo'),
      confirmPixPayment: confirmWithType('pix'),
      /** Indonesian methods: `payment_method: {doku: {channel}, billing_details: {name, email}}`. */
      confirmDokuPayment: confirmWithType('doku'),
      retrievePaymentIntent: function (clientSecret) {
        return retrieve('payment', clientSecret).then(function (response) {
          return response.error ? { error: response.error } : { paymentIntent: response.data };
        });
      },
      retrieveSetupIntent: function (clientSecret) {
        return retrieve('setup', clientSecret).then(function (response) {
          return response.error ? { error: response.error } : { setupIntent: response.data };
        });
      },
      paymentRequest: function (details) {
        return new PaymentRequest(details);
      },
      /** The public key to encrypt card fields with (a JWK). */
      getEncryptionKey: function () {
        return request('GET', '/v1/sandbox/encryption_key').then(function (response) {
          if (response.error) throw new Error(response.error.message);
          return response.data.jwk;
        });
      },
      /**
       * Encrypts card fields `{number, expiryMonth, expiryYear, cvc, holderName}` (plus a
       * `generationtime`) into a JWE for the server to forward as `card[encrypted_data]`.
       */
      encryptCard: function (publicKey, fields) {
        var payload = Object.assign({}, fields, { generationtime: new Date().toISOString() });
        return encryptJwe(publicKey, JSON.stringify(payload));
      },
    };
  }

  global.LecternSandbox = LecternSandbox;
})(window);
