import type { LanguageCode } from '../../../src/contract/Accounts';

export type AccountMailKind =
  | 'verification'
  | 'alreadyRegistered'
  | 'reset'
  | 'invite'
  | 'emailChangeConfirm'
  | 'emailChangeNotice'
  | 'passwordChanged'
  | 'emailTakenNotice';

export interface AccountMailText {
  subject: string;
  /** `{name}` is replaced by the recipient's name (or left out with its comma when unknown). */
  greeting: string;
  body: string;
  action: string;
  /** `{duration}` is replaced by the link's lifetime in words ("7 days", "1 Stunde"). */
  expiry: string;
  ignore: string;
}

/** Server-side texts of the account mails, in the four interface languages (spec §1). */
export const ACCOUNT_MAIL_TEXTS: Record<LanguageCode, Record<AccountMailKind, AccountMailText>> = {
  en: {
    verification: {
      subject: 'Parcel Atlas: confirm your e-mail address',
      greeting: 'Hello{name},',
      body: 'Thank you for registering with Parcel Atlas. Open the link below to confirm your e-mail address and complete your registration.',
      action: 'Complete registration',
      expiry: 'The link is valid for {duration} and can be used once.',
      ignore: 'If you did not ask for this, you can ignore this e-mail.',
    },
    alreadyRegistered: {
      subject: 'Parcel Atlas: you already have an account',
      greeting: 'Hello{name},',
      body: 'Someone asked to register this e-mail address with Parcel Atlas, but an account already exists for it. You can log in, or reset your password from the login page.',
      action: 'Go to login',
      expiry: '',
      ignore: 'If you did not ask for this, you can ignore this e-mail.',
    },
    reset: {
      subject: 'Parcel Atlas: reset your password',
      greeting: 'Hello{name},',
      body: 'We received a request to reset the password of your Parcel Atlas account. Open the link below to choose a new password.',
      action: 'Reset password',
      expiry: 'The link is valid for {duration} and can be used once.',
      ignore: 'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
    },
    invite: {
      subject: 'Parcel Atlas: you have been invited',
      greeting: 'Hello{name},',
      body: 'You have been invited to use Parcel Atlas. Open the link below to choose your password and activate your account.',
      action: 'Accept invitation',
      expiry: 'The link is valid for {duration} and can be used once.',
      ignore: 'If you do not expect this invitation, you can ignore this e-mail.',
    },
    emailChangeConfirm: {
      subject: 'Parcel Atlas: confirm your new e-mail address',
      greeting: 'Hello{name},',
      body: 'You asked to use this address for your Parcel Atlas account. Open the link below to confirm it; until then your account keeps its current address.',
      action: 'Confirm e-mail address',
      expiry: 'The link is valid for {duration} and can be used once.',
      ignore: 'If you did not ask for this, you can ignore this e-mail: nothing changes.',
    },
    emailChangeNotice: {
      subject: 'Parcel Atlas: your e-mail address is being changed',
      greeting: 'Hello{name},',
      body: 'Someone signed in to your Parcel Atlas account asked to change its e-mail address to {email}. If this was you, there is nothing to do. If it was not, open the link below: the change is undone and every session of the account ends.',
      action: 'Undo the change',
      expiry: 'The link is valid for {duration} and can be used once.',
      ignore: 'Then reset your password from the login page.',
    },
    passwordChanged: {
      subject: 'Parcel Atlas: your password was changed',
      greeting: 'Hello{name},',
      body: 'The password of your Parcel Atlas account was changed and every other session of the account has ended. If this was you, there is nothing to do.',
      action: 'Go to login',
      expiry: '',
      ignore: 'If it was not you, reset your password from the login page at once.',
    },
    emailTakenNotice: {
      subject: 'Parcel Atlas: someone tried to use your e-mail address',
      greeting: 'Hello{name},',
      body: 'Someone signed in to another Parcel Atlas account asked to change its e-mail address to this one, which your account already uses. Nothing was changed.',
      action: 'Go to login',
      expiry: '',
      ignore: 'If you did not expect this, you can ignore this e-mail: your account stays as it is.',
    },
  },
  de: {
    verification: {
      subject: 'Parcel Atlas: Bestätigen Sie Ihre E-Mail-Adresse',
      greeting: 'Guten Tag{name},',
      body: 'Vielen Dank für Ihre Registrierung bei Parcel Atlas. Öffnen Sie den folgenden Link, um Ihre E-Mail-Adresse zu bestätigen und die Registrierung abzuschliessen.',
      action: 'Registrierung abschliessen',
      expiry: 'Der Link ist {duration} gültig und kann einmal verwendet werden.',
      ignore: 'Falls Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren.',
    },
    alreadyRegistered: {
      subject: 'Parcel Atlas: Sie haben bereits ein Konto',
      greeting: 'Guten Tag{name},',
      body: 'Jemand wollte diese E-Mail-Adresse bei Parcel Atlas registrieren, es besteht jedoch bereits ein Konto dafür. Sie können sich anmelden oder Ihr Passwort auf der Anmeldeseite zurücksetzen.',
      action: 'Zur Anmeldung',
      expiry: '',
      ignore: 'Falls Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren.',
    },
    reset: {
      subject: 'Parcel Atlas: Passwort zurücksetzen',
      greeting: 'Guten Tag{name},',
      body: 'Wir haben eine Anfrage erhalten, das Passwort Ihres Parcel-Atlas-Kontos zurückzusetzen. Öffnen Sie den folgenden Link, um ein neues Passwort zu wählen.',
      action: 'Passwort zurücksetzen',
      expiry: 'Der Link ist {duration} gültig und kann einmal verwendet werden.',
      ignore:
        'Falls Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
    },
    invite: {
      subject: 'Parcel Atlas: Sie wurden eingeladen',
      greeting: 'Guten Tag{name},',
      body: 'Sie wurden eingeladen, Parcel Atlas zu nutzen. Öffnen Sie den folgenden Link, um Ihr Passwort zu wählen und Ihr Konto zu aktivieren.',
      action: 'Einladung annehmen',
      expiry: 'Der Link ist {duration} gültig und kann einmal verwendet werden.',
      ignore: 'Falls Sie diese Einladung nicht erwarten, können Sie diese E-Mail ignorieren.',
    },
    emailChangeConfirm: {
      subject: 'Parcel Atlas: Bestätigen Sie Ihre neue E-Mail-Adresse',
      greeting: 'Guten Tag{name},',
      body: 'Sie möchten diese Adresse für Ihr Parcel-Atlas-Konto verwenden. Öffnen Sie den Link unten, um sie zu bestätigen; bis dahin behält Ihr Konto die bisherige Adresse.',
      action: 'E-Mail-Adresse bestätigen',
      expiry: 'Der Link ist {duration} gültig und kann einmal verwendet werden.',
      ignore:
        'Wenn Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren: Es ändert sich nichts.',
    },
    emailChangeNotice: {
      subject: 'Parcel Atlas: Ihre E-Mail-Adresse wird geändert',
      greeting: 'Guten Tag{name},',
      body: 'Jemand, der in Ihrem Parcel-Atlas-Konto angemeldet ist, möchte dessen E-Mail-Adresse in {email} ändern. Wenn Sie das waren, ist nichts zu tun. Wenn nicht, öffnen Sie den Link unten: Die Änderung wird rückgängig gemacht und alle Sitzungen des Kontos werden beendet.',
      action: 'Änderung rückgängig machen',
      expiry: 'Der Link ist {duration} gültig und kann einmal verwendet werden.',
      ignore: 'Setzen Sie danach Ihr Passwort über die Anmeldeseite zurück.',
    },
    passwordChanged: {
      subject: 'Parcel Atlas: Ihr Passwort wurde geändert',
      greeting: 'Guten Tag{name},',
      body: 'Das Passwort Ihres Parcel-Atlas-Kontos wurde geändert und alle anderen Sitzungen des Kontos wurden beendet. Wenn Sie das waren, ist nichts zu tun.',
      action: 'Zur Anmeldung',
      expiry: '',
      ignore: 'Wenn nicht, setzen Sie Ihr Passwort sofort über die Anmeldeseite zurück.',
    },
    emailTakenNotice: {
      subject: 'Parcel Atlas: Jemand wollte Ihre E-Mail-Adresse verwenden',
      greeting: 'Guten Tag{name},',
      body: 'Jemand, der in einem anderen Parcel-Atlas-Konto angemeldet ist, wollte dessen E-Mail-Adresse in diese ändern, die Ihr Konto bereits verwendet. Es wurde nichts geändert.',
      action: 'Zur Anmeldung',
      expiry: '',
      ignore:
        'Wenn Sie das nicht erwartet haben, können Sie diese E-Mail ignorieren: Ihr Konto bleibt, wie es ist.',
    },
  },
  fr: {
    verification: {
      subject: 'Parcel Atlas : confirmez votre adresse e-mail',
      greeting: 'Bonjour{name},',
      body: 'Merci de vous être inscrit sur Parcel Atlas. Ouvrez le lien ci-dessous pour confirmer votre adresse e-mail et terminer votre inscription.',
      action: 'Terminer l’inscription',
      expiry: 'Le lien est valable {duration} et ne peut être utilisé qu’une seule fois.',
      ignore: 'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail.',
    },
    alreadyRegistered: {
      subject: 'Parcel Atlas : vous avez déjà un compte',
      greeting: 'Bonjour{name},',
      body: 'Quelqu’un a demandé à inscrire cette adresse e-mail sur Parcel Atlas, mais un compte existe déjà. Vous pouvez vous connecter ou réinitialiser votre mot de passe depuis la page de connexion.',
      action: 'Aller à la connexion',
      expiry: '',
      ignore: 'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail.',
    },
    reset: {
      subject: 'Parcel Atlas : réinitialisez votre mot de passe',
      greeting: 'Bonjour{name},',
      body: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Parcel Atlas. Ouvrez le lien ci-dessous pour choisir un nouveau mot de passe.',
      action: 'Réinitialiser le mot de passe',
      expiry: 'Le lien est valable {duration} et ne peut être utilisé qu’une seule fois.',
      ignore:
        'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail ; votre mot de passe reste inchangé.',
    },
    invite: {
      subject: 'Parcel Atlas : vous avez été invité',
      greeting: 'Bonjour{name},',
      body: 'Vous avez été invité à utiliser Parcel Atlas. Ouvrez le lien ci-dessous pour choisir votre mot de passe et activer votre compte.',
      action: 'Accepter l’invitation',
      expiry: 'Le lien est valable {duration} et ne peut être utilisé qu’une seule fois.',
      ignore: 'Si vous n’attendiez pas cette invitation, vous pouvez ignorer cet e-mail.',
    },
    emailChangeConfirm: {
      subject: 'Parcel Atlas : confirmez votre nouvelle adresse e-mail',
      greeting: 'Bonjour{name},',
      body: 'Vous avez demandé à utiliser cette adresse pour votre compte Parcel Atlas. Ouvrez le lien ci-dessous pour la confirmer ; d’ici là, votre compte garde son adresse actuelle.',
      action: 'Confirmer l’adresse e-mail',
      expiry: 'Le lien est valable {duration} et ne peut être utilisé qu’une seule fois.',
      ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne change.',
    },
    emailChangeNotice: {
      subject: 'Parcel Atlas : votre adresse e-mail va être modifiée',
      greeting: 'Bonjour{name},',
      body: 'Une personne connectée à votre compte Parcel Atlas a demandé à remplacer son adresse e-mail par {email}. Si c’était vous, il n’y a rien à faire. Sinon, ouvrez le lien ci-dessous : la modification est annulée et toutes les sessions du compte sont fermées.',
      action: 'Annuler la modification',
      expiry: 'Le lien est valable {duration} et ne peut être utilisé qu’une seule fois.',
      ignore: 'Réinitialisez ensuite votre mot de passe depuis la page de connexion.',
    },
    passwordChanged: {
      subject: 'Parcel Atlas : votre mot de passe a été modifié',
      greeting: 'Bonjour{name},',
      body: "Le mot de passe de votre compte Parcel Atlas a été modifié et toutes les autres sessions du compte ont été fermées. Si c'était vous, il n'y a rien à faire.",
      action: 'Se connecter',
      expiry: '',
      ignore:
        "Si ce n'était pas vous, réinitialisez immédiatement votre mot de passe depuis la page de connexion.",
    },
    emailTakenNotice: {
      subject: 'Parcel Atlas : quelqu’un a voulu utiliser votre adresse e-mail',
      greeting: 'Bonjour{name},',
      body: "Une personne connectée à un autre compte Parcel Atlas a demandé de remplacer l'adresse e-mail de ce compte par celle-ci, que votre compte utilise déjà. Rien n'a été modifié.",
      action: 'Se connecter',
      expiry: '',
      ignore:
        'Si vous ne vous y attendiez pas, vous pouvez ignorer cet e-mail : votre compte reste inchangé.',
    },
  },
  it: {
    verification: {
      subject: 'Parcel Atlas: conferma il tuo indirizzo e-mail',
      greeting: 'Buongiorno{name},',
      body: 'Grazie per esserti registrato su Parcel Atlas. Apri il link qui sotto per confermare il tuo indirizzo e-mail e completare la registrazione.',
      action: 'Completa la registrazione',
      expiry: 'Il link è valido per {duration} e può essere usato una sola volta.',
      ignore: 'Se non hai fatto tu questa richiesta, puoi ignorare questa e-mail.',
    },
    alreadyRegistered: {
      subject: 'Parcel Atlas: hai già un account',
      greeting: 'Buongiorno{name},',
      body: 'Qualcuno ha chiesto di registrare questo indirizzo e-mail su Parcel Atlas, ma esiste già un account. Puoi accedere oppure reimpostare la password dalla pagina di accesso.',
      action: 'Vai all’accesso',
      expiry: '',
      ignore: 'Se non hai fatto tu questa richiesta, puoi ignorare questa e-mail.',
    },
    reset: {
      subject: 'Parcel Atlas: reimposta la password',
      greeting: 'Buongiorno{name},',
      body: 'Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account Parcel Atlas. Apri il link qui sotto per scegliere una nuova password.',
      action: 'Reimposta la password',
      expiry: 'Il link è valido per {duration} e può essere usato una sola volta.',
      ignore:
        'Se non hai fatto tu questa richiesta, puoi ignorare questa e-mail; la password resta invariata.',
    },
    invite: {
      subject: 'Parcel Atlas: sei stato invitato',
      greeting: 'Buongiorno{name},',
      body: 'Sei stato invitato a usare Parcel Atlas. Apri il link qui sotto per scegliere la password e attivare il tuo account.',
      action: 'Accetta l’invito',
      expiry: 'Il link è valido per {duration} e può essere usato una sola volta.',
      ignore: 'Se non ti aspettavi questo invito, puoi ignorare questa e-mail.',
    },
    emailChangeConfirm: {
      subject: 'Parcel Atlas: conferma il tuo nuovo indirizzo e-mail',
      greeting: 'Buongiorno{name},',
      body: 'Hai chiesto di usare questo indirizzo per il tuo account Parcel Atlas. Apri il link qui sotto per confermarlo; fino ad allora l’account mantiene l’indirizzo attuale.',
      action: 'Conferma indirizzo e-mail',
      expiry: 'Il link è valido per {duration} e può essere usato una sola volta.',
      ignore: 'Se non l’hai richiesto tu, puoi ignorare questa e-mail: non cambia nulla.',
    },
    emailChangeNotice: {
      subject: 'Parcel Atlas: il tuo indirizzo e-mail sta per essere cambiato',
      greeting: 'Buongiorno{name},',
      body: 'Qualcuno connesso al tuo account Parcel Atlas ha chiesto di cambiarne l’indirizzo e-mail in {email}. Se eri tu, non devi fare nulla. Altrimenti apri il link qui sotto: la modifica viene annullata e tutte le sessioni dell’account vengono chiuse.',
      action: 'Annulla la modifica',
      expiry: 'Il link è valido per {duration} e può essere usato una sola volta.',
      ignore: 'Poi reimposta la password dalla pagina di accesso.',
    },
    passwordChanged: {
      subject: 'Parcel Atlas: la sua password è stata modificata',
      greeting: 'Buongiorno{name},',
      body: 'La password del suo account Parcel Atlas è stata modificata e tutte le altre sessioni dell’account sono state chiuse. Se è stato lei, non deve fare nulla.',
      action: 'Vai all’accesso',
      expiry: '',
      ignore: 'Se non è stato lei, reimposti subito la password dalla pagina di accesso.',
    },
    emailTakenNotice: {
      subject: 'Parcel Atlas: qualcuno ha tentato di usare il suo indirizzo e-mail',
      greeting: 'Buongiorno{name},',
      body: 'Una persona connessa a un altro account Parcel Atlas ha chiesto di sostituire l’indirizzo e-mail di quell’account con questo, che il suo account usa già. Non è stato modificato nulla.',
      action: 'Vai all’accesso',
      expiry: '',
      ignore: 'Se non se lo aspettava, può ignorare questa e-mail: il suo account resta invariato.',
    },
  },
};
