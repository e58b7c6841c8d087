//! `poll` without waiting: every descriptor of the model is ready at once (a host file, a
//! symbolic file, `/dev/null`, stdin read in full are readable; stdout, stderr are writable),
//! so a `poll` returns what is ready now, as with a timeout of 0 (tail's `check_output_alive`
//! polls stdout this way). A bad descriptor is `POLLNVAL`, a negative one is skipped.

use super::*;

const POLLIN: u16 = 0x1;
const POLLOUT: u16 = 0x4;
const POLLNVAL: u16 = 0x20;
const POLLRDNORM: u16 = 0x40;
const POLLWRNORM: u16 = 0x100;

/// The events a descriptor of this kind is ready for.
fn ready(node: &Node) -> u16 {
    match node {
        Node::Out(_) => POLLOUT | POLLWRNORM,
        Node::Null(_) => POLLIN | POLLRDNORM | POLLOUT | POLLWRNORM,
        _ => POLLIN | POLLRDNORM,
    }
}

impl Os<'_, '_, '_> {
    /// `poll(fds, n, timeout)`: the number of entries with events.
    pub(super) fn sys_poll(&mut self, fds: &Value, n: i64) -> R<i64> {
        if !(0..=1024).contains(&n) {
            return Ok(-EINVAL);
        }
        let mut count = 0;
        for i in 0..n as u64 {
            let e = self.w.ptr_add(fds.clone(), (8 * i) as i64);
            let (s, o) = self
                .w
                .state_mut()
                .mem
                .resolve(&e, 8)
                .map_err(|er| mem_err(er, &e))?;
            let fd = self.w.state_mut().mem.load_int(s, o, 4) as u32 as i32 as i64;
            let events = self.w.state_mut().mem.load_int(s, o + 4, 2) as u16;
            let revents = if fd < 0 {
                0
            } else {
                self.fetch_stdin(fd);
                match self.px().desc(fd) {
                    None => POLLNVAL,
                    Some(d) => ready(&self.px().descs[d].as_ref().unwrap().node) & events,
                }
            };
            let (s, o) = self
                .w
                .state_mut()
                .mem
                .resolve_mut(&e, 8)
                .map_err(|er| mem_err(er, &e))?;
            self.w
                .state_mut()
                .mem
                .store_int(s, o + 6, 2, revents as u128);
            count += (revents != 0) as i64;
        }
        Ok(count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_is_writable_input_readable() {
        assert_eq!(ready(&Node::Out(1)) & POLLOUT, POLLOUT);
        assert_eq!(ready(&Node::Out(1)) & POLLIN, 0);
        assert_eq!(ready(&Node::Stdin) & POLLIN, POLLIN);
        // tail's check_output_alive asks stdout for POLLRDBAND (0x80): nothing to report.
        assert_eq!(ready(&Node::Out(1)) & 0x80, 0);
    }
}
