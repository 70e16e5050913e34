/* global document, LecternSandbox */
// The sandbox test page (test mode only): drives the browser SDK against this sandbox.
(function () {
  'use strict';

  var root = document.querySelector('[data-test-page]');
  var sandbox = LecternSandbox(root.getAttribute('data-key'));
  var form = document.getElementById('card-form');
  var resultEl = document.getElementById('result');
  var detailsEl = document.getElementById('details');
  var paymentMethod = null;

  function value(name) {
    return form.elements.namedItem(name).value.trim();
  }

  function report(status, text, details) {
    resultEl.setAttribute('data-status', status);
    resultEl.textContent = text;
    detailsEl.textContent = details ? JSON.stringify(details, null, 2) : '';
  }

  function cardData() {
    return {
      type: 'card',
      card: {
        number: value('number').replace(/\s/g, ''),
        exp_month: value('exp_month'),
        exp_year: value('exp_year'),
        cvc: value('cvc'),
      },
      billing_details: { name: 'Test Page' },
    };
  }

  function createPaymentMethod() {
    return sandbox.createPaymentMethod(cardData()).then(function (result) {
      if (result.error) throw result.error;
      paymentMethod = result.paymentMethod;
      return paymentMethod;
    });
  }

  function newIntent(kind) {
    return fetch('/test/api/intents', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: kind, amount: Number(value('amount')) || 2000, currency: 'usd' }),
    }).then(function (response) {
      return response.json();
    });
  }

  function fail(error) {
    report('error', 'Error: ' + (error.message || String(error)), error);
  }

  var runs = {
    create: function () {
      return createPaymentMethod().then(function (pm) {
        report(
          'created',
          'Created payment method ' + pm.id + ' (' + pm.card.brand + ' •••• ' + pm.card.last4 + ')',
          pm,
        );
      });
    },
    pay: function () {
      return createPaymentMethod()
        .then(function (pm) {
          return newIntent('payment').then(function (intent) {
            return sandbox.confirmCardPayment(intent.client_secret, { payment_method: pm.id });
          });
        })
        .then(function (result) {
          if (result.error) report('failed', 'Payment failed: ' + result.error.message, result.error);
          else
            report(
              result.paymentIntent.status,
              'Payment ' + result.paymentIntent.status + ': ' + result.paymentIntent.id,
              result.paymentIntent,
            );
        });
    },
    setup: function () {
      return newIntent('setup')
        .then(function (intent) {
          return sandbox.confirmCardSetup(intent.client_secret, { payment_method: cardData() });
        })
        .then(function (result) {
          if (result.error) report('failed', 'Saving failed: ' + result.error.message, result.error);
          else
            report(result.setupIntent.status, 'Card saved: ' + result.setupIntent.status, result.setupIntent);
        });
    },
    wallet: function () {
      var request = sandbox.paymentRequest({
        country: 'US',
        currency: 'usd',
        total: { label: 'Sandbox test', amount: Number(value('amount')) || 2000 },
      });
      return request.canMakePayment().then(function (available) {
        if (!available) return report('failed', 'No wallet is available.');
        return new Promise(function (resolve) {
          request.on('cancel', function () {
            report('canceled', 'Wallet payment canceled.');
            resolve();
          });
          request.on('paymentmethod', function (event) {
            newIntent('payment')
              .then(function (intent) {
                return sandbox.confirmCardPayment(intent.client_secret, {
                  payment_method: event.paymentMethod.id,
                });
              })
              .then(function (result) {
                event.complete(result.error ? 'fail' : 'success');
                if (result.error)
                  report('failed', 'Wallet payment failed: ' + result.error.message, result.error);
                else
                  report(
                    result.paymentIntent.status,
                    'Wallet payment ' + result.paymentIntent.status + ': ' + result.paymentIntent.id,
                    result.paymentIntent,
                  );
                resolve();
              });
          });
          request.show('google_pay');
        });
      });
    },
    encrypt: function () {
      return sandbox
        .getEncryptionKey()
        .then(function (key) {
          return sandbox.encryptCard(key, {
            number: value('number').replace(/\s/g, ''),
            expiryMonth: value('exp_month'),
            expiryYear: value('exp_year'),
            cvc: value('cvc'),
          });
        })
        .then(function (jwe) {
          report('encrypted', 'Encrypted card (' + jwe.split('.').length + ' JWE parts)', { jwe: jwe });
        });
    },
  };

  // Choosing a test card fills its number (and a CVC of the right length).
  form.elements.namedItem('test_card').addEventListener('change', function (event) {
    var number = event.target.value;
    if (!number) return;
    var amex = /^3[47]/.test(number);
    form.elements.namedItem('number').value = amex
      ? number.replace(/^(\d{4})(\d{6})(\d{5})$/, '$1 $2 $3')
      : number.replace(/(\d{4})(?=\d)/g, '$1 ');
    form.elements.namedItem('cvc').value = amex ? '1234' : '123';
  });

  form.querySelectorAll('[data-run]').forEach(function (button) {
    button.addEventListener('click', function () {
      report('working', 'Working…');
      Promise.resolve().then(runs[button.getAttribute('data-run')]).catch(fail);
    });
  });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
  });
})();
