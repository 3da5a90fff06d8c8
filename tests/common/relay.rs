//! An SMTP relay on loopback for the tests: it speaks enough of RFC 5321 for
//! lettre (EHLO, MAIL, RCPT, DATA, QUIT) and keeps each message's DATA, so a test
//! reads exactly what the server sent.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// A relay that accepts every message and keeps each one's DATA; `refuse` makes it
/// answer 451 (try later) to every recipient instead.
pub async fn relay(refuse: bool) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("smtp://{}", listener.local_addr().unwrap());
    let got = Arc::new(Mutex::new(Vec::new()));
    let keep = got.clone();
    tokio::spawn(async move {
        loop {
            let Ok((socket, _)) = listener.accept().await else { return };
            let keep = keep.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 relay.test ESMTP\r\n").await.unwrap();
                let mut data: Option<String> = None;
                while let Ok(Some(line)) = lines.next_line().await {
                    if let Some(body) = data.as_mut() {
                        if line == "." {
                            keep.lock().unwrap().push(std::mem::take(body));
                            data = None;
                            write.write_all(b"250 2.0.0 queued\r\n").await.unwrap();
                        } else {
                            body.push_str(&line);
                            body.push('\n');
                        }
                        continue;
                    }
                    let verb = line.split_whitespace().next().unwrap_or_default().to_ascii_uppercase();
                    let answer: &[u8] = match verb.as_str() {
                        "EHLO" | "HELO" => b"250 relay.test\r\n",
                        "RCPT" if refuse => b"451 4.3.0 try again later\r\n",
                        "MAIL" | "RCPT" | "RSET" | "NOOP" => b"250 2.1.0 ok\r\n",
                        "DATA" => {
                            data = Some(String::new());
                            b"354 go ahead\r\n"
                        }
                        "QUIT" => {
                            write.write_all(b"221 bye\r\n").await.unwrap();
                            return;
                        }
                        _ => b"502 5.5.2 not implemented\r\n",
                    };
                    write.write_all(answer).await.unwrap();
                }
            });
        }
    });
    (url, got)
}

