//! An SMTP relay on loopback for the tests: it speaks enough of RFC 5321 for
//! lettre (EHLO, MAIL, RCPT, DATA, QUIT) and keeps each message's DATA, so a test
//! reads exactly what the server sent. `tls_relay` speaks it over TLS (from the
//! first byte, or after STARTTLS) with AUTH PLAIN and LOGIN, with a certificate
//! of a CA made for the test (rcgen), as a mail provider's relay does.

use std::sync::{Arc, Mutex};

use base64::Engine as _;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// A relay that accepts every message and keeps each one's DATA; `refuse` makes it
/// answer 451 (try later) to every recipient instead.
pub async fn relay(refuse: bool) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("smtp://{}", listener.local_addr().unwrap());
    let shared = Shared { refuse, ..Shared::default() };
    let got = shared.messages.clone();
    tokio::spawn(async move {
        loop {
            let Ok((socket, _)) = listener.accept().await else { return };
            let shared = shared.clone();
            tokio::spawn(async move {
                let _ = session(socket, Phase::Plain { offer_starttls: false }, &shared).await;
            });
        }
    });
    (url, got)
}

/// How a TLS relay begins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// TLS from the first byte (`smtps://`, port 465).
    Implicit,
    /// Plain, then STARTTLS (`smtp://…?tls=required`, port 587).
    StartTls,
    /// Plain, and no STARTTLS offered (a relay, or a man in the middle, that strips it).
    NoStartTls,
}

/// A relay with TLS and AUTH: where it is, the CA its certificate is of, and what
/// it was given.
pub struct TlsRelay {
    pub port: u16,
    /// The CA's certificate, PEM: what `HYGO_SMTP_CA_FILE` names.
    pub ca_pem: String,
    pub messages: Arc<Mutex<Vec<String>>>,
    /// Each successful login: `PLAIN user` or `LOGIN user`.
    pub logins: Arc<Mutex<Vec<String>>>,
    /// Every line a client sent before TLS began (to see that no password went in clear).
    pub plain_lines: Arc<Mutex<Vec<String>>>,
}

#[derive(Clone, Default)]
struct Shared {
    refuse: bool,
    messages: Arc<Mutex<Vec<String>>>,
    logins: Arc<Mutex<Vec<String>>>,
    plain_lines: Arc<Mutex<Vec<String>>>,
    account: Option<(String, String)>,
}

/// A CA, and a certificate for `localhost` and 127.0.0.1 signed by it.
fn certificates() -> (String, Vec<CertificateDer<'static>>, PrivateKeyDer<'static>) {
    use rcgen::{BasicConstraints, CertificateParams, DnType, ExtendedKeyUsagePurpose, IsCa, Issuer, KeyPair, KeyUsagePurpose};
    let mut ca = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.distinguished_name.push(DnType::CommonName, "HYGO test CA");
    ca.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign, KeyUsagePurpose::DigitalSignature];
    let ca_key = KeyPair::generate().unwrap();
    let ca_cert = ca.self_signed(&ca_key).unwrap();
    let issuer = Issuer::new(ca, ca_key);
    let mut leaf = CertificateParams::new(vec!["localhost".to_owned(), "127.0.0.1".to_owned()]).unwrap();
    leaf.distinguished_name.push(DnType::CommonName, "localhost");
    leaf.use_authority_key_identifier_extension = true;
    leaf.key_usages = vec![KeyUsagePurpose::DigitalSignature];
    leaf.extended_key_usages = vec![ExtendedKeyUsagePurpose::ServerAuth];
    let leaf_key = KeyPair::generate().unwrap();
    let leaf_cert = leaf.signed_by(&leaf_key, &issuer).unwrap();
    (ca_cert.pem(), vec![leaf_cert.der().clone()], PrivateKeyDer::from(leaf_key))
}

/// Starts a relay that takes `user` with `password`.
pub async fn tls_relay(mode: Mode, user: &str, password: &str) -> TlsRelay {
    let (ca_pem, chain, key) = certificates();
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .unwrap();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let shared = Shared { account: Some((user.to_owned(), password.to_owned())), ..Shared::default() };
    let relay = TlsRelay {
        port,
        ca_pem,
        messages: shared.messages.clone(),
        logins: shared.logins.clone(),
        plain_lines: shared.plain_lines.clone(),
    };
    tokio::spawn(async move {
        loop {
            let Ok((tcp, _)) = listener.accept().await else { return };
            let (acceptor, shared) = (acceptor.clone(), shared.clone());
            tokio::spawn(async move {
                match mode {
                    Mode::Implicit => {
                        if let Ok(tls) = acceptor.accept(tcp).await {
                            let _ = session(tls, Phase::Secure { greet: true }, &shared).await;
                        }
                    }
                    Mode::StartTls | Mode::NoStartTls => {
                        let offer_starttls = mode == Mode::StartTls;
                        if let Some(tcp) = session(tcp, Phase::Plain { offer_starttls }, &shared).await {
                            if let Ok(tls) = acceptor.accept(tcp).await {
                                let _ = session(tls, Phase::Secure { greet: false }, &shared).await;
                            }
                        }
                    }
                }
            });
        }
    });
    relay
}

#[derive(Clone, Copy)]
enum Phase {
    /// Before TLS: greets, and offers STARTTLS or not.
    Plain { offer_starttls: bool },
    /// Over TLS: offers AUTH (and greets when TLS came first).
    Secure { greet: bool },
}

/// One SMTP conversation; answers the stream back when the client asked for
/// STARTTLS (to go on over TLS).
async fn session<S: AsyncRead + AsyncWrite + Unpin>(stream: S, phase: Phase, shared: &Shared) -> Option<S> {
    let mut io = BufReader::new(stream);
    let secure = matches!(phase, Phase::Secure { .. });
    let needs_login = shared.account.is_some();
    macro_rules! say {
        ($text:expr) => {
            if io.write_all($text.as_bytes()).await.is_err() || io.flush().await.is_err() {
                return None;
            }
        };
    }
    if !matches!(phase, Phase::Secure { greet: false }) {
        say!("220 relay.test ESMTP\r\n");
    }
    let mut data: Option<String> = None;
    let mut authed = false;
    let mut line = String::new();
    loop {
        line.clear();
        if io.read_line(&mut line).await.ok()? == 0 {
            return None;
        }
        let line = line.trim_end_matches(['\r', '\n']).to_owned();
        if !secure {
            shared.plain_lines.lock().unwrap().push(line.clone());
        }
        if let Some(body) = data.as_mut() {
            if line == "." {
                shared.messages.lock().unwrap().push(std::mem::take(body));
                data = None;
                say!("250 2.0.0 queued\r\n");
            } else {
                body.push_str(&line);
                body.push('\n');
            }
            continue;
        }
        let mut words = line.split_whitespace();
        let verb = words.next().unwrap_or_default().to_ascii_uppercase();
        match verb.as_str() {
            "EHLO" | "HELO" => match phase {
                Phase::Plain { offer_starttls: true } => say!("250-relay.test\r\n250 STARTTLS\r\n"),
                _ if secure && needs_login => say!("250-relay.test\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n"),
                _ => say!("250 relay.test\r\n"),
            },
            "STARTTLS" if matches!(phase, Phase::Plain { offer_starttls: true }) => {
                say!("220 2.0.0 ready to start TLS\r\n");
                if !io.buffer().is_empty() {
                    return None;
                }
                return Some(io.into_inner());
            }
            "AUTH" if secure => {
                let (user, password) = shared.account.clone().unwrap_or_default();
                let decode = |text: &str| base64::engine::general_purpose::STANDARD.decode(text.trim()).ok().map(|b| String::from_utf8_lossy(&b).into_owned());
                let mechanism = words.next().unwrap_or_default().to_ascii_uppercase();
                let given = match mechanism.as_str() {
                    "PLAIN" => {
                        let text = match words.next() {
                            Some(t) => t.to_owned(),
                            None => {
                                say!("334 \r\n");
                                let mut next = String::new();
                                io.read_line(&mut next).await.ok()?;
                                next
                            }
                        };
                        decode(&text).and_then(|t| {
                            let mut parts = t.split('\0');
                            let (_, u, p) = (parts.next()?, parts.next()?, parts.next()?);
                            Some((u.to_owned(), p.to_owned()))
                        })
                    }
                    "LOGIN" => {
                        say!("334 VXNlcm5hbWU6\r\n");
                        let mut u = String::new();
                        io.read_line(&mut u).await.ok()?;
                        say!("334 UGFzc3dvcmQ6\r\n");
                        let mut p = String::new();
                        io.read_line(&mut p).await.ok()?;
                        decode(&u).zip(decode(&p))
                    }
                    _ => None,
                };
                match given {
                    Some((u, p)) if u == user && p == password => {
                        authed = true;
                        shared.logins.lock().unwrap().push(format!("{mechanism} {u}"));
                        say!("235 2.7.0 authenticated\r\n");
                    }
                    _ => say!("535 5.7.8 authentication failed\r\n"),
                }
            }
            "MAIL" if needs_login && !(secure && authed) => say!("530 5.7.0 authentication required\r\n"),
            "RCPT" if shared.refuse => say!("451 4.3.0 try again later\r\n"),
            "MAIL" | "RCPT" | "RSET" | "NOOP" => say!("250 2.1.0 ok\r\n"),
            "DATA" => {
                data = Some(String::new());
                say!("354 go ahead\r\n");
            }
            "QUIT" => {
                say!("221 bye\r\n");
                return None;
            }
            _ => say!("502 5.5.2 not implemented\r\n"),
        }
    }
}
