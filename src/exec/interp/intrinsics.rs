//! LLVM intrinsics on concrete values.

use super::*;

impl<'m, 'io> Worker<'m, 'io> {
    pub(super) fn intrinsic(
        &mut self,
        which: Intrinsic,
        args: &[CallArg],
        ret: TypeId,
    ) -> R<Value> {
        use Intrinsic as I;
        let (rti, _) = self.scalar_ti(ret);
        let w = match rti {
            TI::Int(w) => w,
            _ => match args.first().map(|a| self.scalar_ti(a.ty).0) {
                Some(TI::Int(w)) => w,
                _ => 64,
            },
        };
        let m = mask(w);
        Ok(match which {
            I::Memcpy | I::Memmove => {
                let (d, s) = (self.arg(args, 0), self.arg(args, 1));
                let n = self.arg(args, 2).bits() as u64;
                if n > 0 {
                    let (ss, so) = self.st.mem.resolve_any(&s, n).map_err(|e| mem_err(e, &s))?;
                    let (ds, doff) = self
                        .st
                        .mem
                        .resolve_any_mut(&d, n)
                        .map_err(|e| mem_err(e, &d))?;
                    self.st.mem.copy(ds, doff, ss, so, n);
                }
                Value::Int(0)
            }
            I::Memset => {
                let d = self.arg(args, 0);
                let b = self.arg(args, 1).bits() as u8;
                let n = self.arg(args, 2).bits() as u64;
                if n > 0 {
                    let (ds, doff) = self
                        .st
                        .mem
                        .resolve_any_mut(&d, n)
                        .map_err(|e| mem_err(e, &d))?;
                    self.st.mem.fill(ds, doff, b, n);
                }
                Value::Int(0)
            }
            // The "stack pointer" is the number of live allocas (small: never dereferenceable).
            I::StackSave => Value::Int(self.st.allocas.len() as u128),
            I::StackRestore => {
                let mark = self.arg(args, 0).bits() as usize;
                let floor = self.st.frames.last().map_or(0, |f| f.alloca_base as usize);
                while self.st.allocas.len() > mark.max(floor) {
                    let r = self.st.allocas.pop().unwrap();
                    self.st.mem.free(r);
                }
                Value::Int(0)
            }
            I::Assume | I::VaEnd | I::NoOp => Value::Int(0),
            I::SAddWithOverflow
            | I::UAddWithOverflow
            | I::SSubWithOverflow
            | I::USubWithOverflow
            | I::SMulWithOverflow
            | I::UMulWithOverflow => {
                let (a, b) = (self.arg(args, 0), self.arg(args, 1));
                let w = match args.first().map(|a| self.scalar_ti(a.ty).0) {
                    Some(TI::Int(w)) => w,
                    _ => 64,
                };
                let one = |x: u128, y: u128| -> (u128, u128) {
                    match sem::int_intrinsic(&mut Conc, which, w, &[x, y]) {
                        Some(sem::IntrResult::Pair(r, o)) => (r, o),
                        _ => unreachable!("with.overflow gives a pair"),
                    }
                };
                match a {
                    Value::Agg(ae) => {
                        let (vals, flags): (Vec<Value>, Vec<Value>) = ae
                            .iter()
                            .zip(b.elems())
                            .map(|(x, y)| {
                                let (r, o) = one(x.bits(), y.bits());
                                (Value::Int(r), Value::Int(o))
                            })
                            .unzip();
                        Value::Agg(Box::new([
                            Value::Agg(vals.into_boxed_slice()),
                            Value::Agg(flags.into_boxed_slice()),
                        ]))
                    }
                    a => {
                        let (r, o) = one(a.bits(), b.bits());
                        Value::Agg(Box::new([Value::Int(r), Value::Int(o)]))
                    }
                }
            }
            I::SAddSat
            | I::SSubSat
            | I::UAddSat
            | I::USubSat
            | I::Abs
            | I::SMin
            | I::SMax
            | I::UMin
            | I::UMax => {
                let one = |args: &[u128]| match sem::int_intrinsic(&mut Conc, which, w, args) {
                    Some(sem::IntrResult::One(v)) => v,
                    _ => unreachable!("a single value"),
                };
                if which == I::Abs {
                    Self::map1(&self.arg(args, 0), |x| one(&[x]))
                } else {
                    Self::map2(&self.arg(args, 0), &self.arg(args, 1), |x, y| one(&[x, y]))
                }
            }
            I::Ctpop => Self::map1(&self.arg(args, 0), |x| x.count_ones() as u128),
            I::Ctlz => Self::map1(&self.arg(args, 0), |x| {
                let x = x & m;
                if x == 0 {
                    w as u128
                } else {
                    (x.leading_zeros() - (128 - w)) as u128
                }
            }),
            I::Cttz => Self::map1(&self.arg(args, 0), |x| {
                let x = x & m;
                if x == 0 {
                    w as u128
                } else {
                    x.trailing_zeros() as u128
                }
            }),
            I::Bswap => Self::map1(&self.arg(args, 0), |x| (x & m).swap_bytes() >> (128 - w)),
            I::BitReverse => {
                Self::map1(&self.arg(args, 0), |x| (x & m).reverse_bits() >> (128 - w))
            }
            I::Fshl | I::Fshr => {
                let left = which == I::Fshl;
                self.map_args3(args, |a, b, c| {
                    let c = (c % w as u128) as u32;
                    if c == 0 {
                        return if left { a } else { b };
                    }
                    // concatenate a:b (2w bits) and shift
                    if left {
                        ((a << c) | (b >> (w - c))) & m
                    } else {
                        ((b >> c) | (a << (w - c))) & m
                    }
                })
            }
            I::Expect => self.arg(args, 0),
            I::Trap => return error(ErrorKind::Exec, "llvm.trap"),
            I::VaStart => {
                let ap = self.arg(args, 0);
                self.va_start(&ap)?;
                Value::Int(0)
            }
            I::VaCopy => {
                let (d, s) = (self.arg(args, 0), self.arg(args, 1));
                let n = if self.p.x86_64 { 24 } else { self.p.ps as u64 };
                let (ss, so) = self.st.mem.resolve(&s, n).map_err(|e| mem_err(e, &s))?;
                let (ds, doff) = self.st.mem.resolve_mut(&d, n).map_err(|e| mem_err(e, &d))?;
                self.st.mem.copy(ds, doff, ss, so, n);
                Value::Int(0)
            }
            I::FAbs
            | I::Sqrt
            | I::Floor
            | I::Ceil
            | I::Trunc
            | I::Rint
            | I::NearbyInt
            | I::Round
            | I::RoundEven => {
                let fk = self.elem_fk(ret);
                let u = match which {
                    I::FAbs => FUn::Abs,
                    I::Sqrt => FUn::Sqrt,
                    I::Floor => FUn::Floor,
                    I::Ceil => FUn::Ceil,
                    I::Trunc => FUn::Trunc,
                    I::Round => FUn::Round,
                    _ => FUn::RoundEven,
                };
                Self::map1(&self.arg(args, 0), |x| float::unary(fk, u, x))
            }
            I::Fma | I::FMulAdd => {
                let fk = self.elem_fk(ret);
                // fmuladd is not fused, as x86 code generation without FMA (and KLEE) does it.
                let fused = which == I::Fma;
                self.map_args3(args, |a, b, c| {
                    if fused {
                        float::fma(fk, a, b, c)
                    } else {
                        let p = float::fbin(fk, BinOp::FMul, a, b);
                        float::fbin(fk, BinOp::FAdd, p, c)
                    }
                })
            }
            I::CopySign => {
                let fk = self.elem_fk(ret);
                Self::map2(&self.arg(args, 0), &self.arg(args, 1), |a, b| {
                    float::copysign(fk, a, b)
                })
            }
            I::MinNum | I::MaxNum => {
                let fk = self.elem_fk(ret);
                let max = which == I::MaxNum;
                Self::map2(&self.arg(args, 0), &self.arg(args, 1), |a, b| {
                    float::minmax(fk, max, a, b)
                })
            }
            I::VectorReduce(op) => {
                let (start, v) = if args.len() >= 2 {
                    (Some(self.arg(args, 0)), self.arg(args, 1))
                } else {
                    (None, self.arg(args, 0))
                };
                let Some(last) = args.last() else {
                    return error(ErrorKind::Exec, "malformed vector reduction");
                };
                let ety = match self.ti(last.ty) {
                    TI::Vec(e, _) => e,
                    _ => ret,
                };
                let mut acc: Option<Value> = start;
                for e in v.elems() {
                    acc = Some(match acc {
                        None => e.clone(),
                        Some(a) => match op {
                            RmwOp::FAdd | RmwOp::FSub => Value::Int(self.scalar_bin(
                                BinOp::FAdd,
                                self.ti(ety),
                                a.bits(),
                                e.bits(),
                            )?),
                            _ => self.rmw(op, ety, &a, e)?,
                        },
                    });
                }
                acc.unwrap_or_default()
            }
            I::ObjectSize => {
                let min = self.arg(args, 1).is_true();
                Value::Int(if min { 0 } else { m })
            }
            I::IsConstant => Value::Int(0),
        })
    }
}
