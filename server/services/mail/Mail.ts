/** One outgoing message. `link` is the action link inside it, logged when mails go to the outbox. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}
