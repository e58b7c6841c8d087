//! Typed values holding symbolic parts at a known place in memory: structs, arrays and
//! vectors loaded or stored as a whole, and variadic arguments. Each scalar part is read or
//! written as the fast paths read one (its bytes as one expression when any is symbolic),
//! so a struct copied by value keeps its symbolic fields.

use super::*;

impl<'m, 'io> Worker<'m, 'io> {
    /// The value of type `ty` at `off` in object `slot` (in bounds), symbolic parts included.
    pub(super) fn load_value_at(&mut self, slot: u32, off: u64, ty: TypeId) -> R<Value> {
        let m = self.m;
        let scalar = match self.ti(ty) {
            TI::Int(w) => Some(w),
            TI::Ptr => Some(self.p.ps * 8),
            TI::F(fk) => Some(8 * fk_bytes(fk) as u32),
            _ => None,
        };
        if let Some(w) = scalar {
            let n = m.ty(ty).store_size;
            return Ok(match self.st.mem.load_sym(&mut self.pool, slot, off, n) {
                Some(e) => {
                    let e = self.pool.zext_or_trunc(e, w);
                    self.val_of(e)
                }
                None => self.load_at(slot, off, ty),
            });
        }
        let parts = self.parts(ty)?;
        let mut out = Vec::with_capacity(parts.len());
        for (t, o) in parts {
            out.push(self.load_value_at(slot, off + o, t)?);
        }
        Ok(Value::Agg(out.into()))
    }

    /// Stores `v` of type `ty` at `off` in object `slot` (in bounds, writable).
    pub(super) fn store_value_at(&mut self, slot: u32, off: u64, ty: TypeId, v: &Value) -> R<()> {
        if !has_sym(v) {
            self.store_at(slot, off, ty, v);
            return Ok(());
        }
        if let Value::Sym(e) = *v {
            let n = self.m.ty(ty).store_size;
            self.st.mem.store_sym(&mut self.pool, slot, off, n, e);
            return Ok(());
        }
        let parts = self.parts(ty)?;
        for ((t, o), x) in parts.into_iter().zip(v.elems()) {
            self.store_value_at(slot, off + o, t, x)?;
        }
        Ok(())
    }

    /// The elements of an aggregate type with their offsets.
    fn parts(&self, ty: TypeId) -> R<Vec<(TypeId, u64)>> {
        let m = self.m;
        Ok(match &m.ty(ty).kind {
            TypeKind::Struct { fields, offsets } => fields
                .iter()
                .copied()
                .zip(offsets.iter().copied())
                .collect(),
            TypeKind::Array { elem, len } => {
                let stride = m.ty(*elem).alloc_size;
                (0..*len).map(|i| (*elem, i * stride)).collect()
            }
            TypeKind::Vector { elem, len } => {
                if matches!(self.ti(*elem), TI::Int(w) if w % 8 != 0) {
                    return sym_err("a vector of bit-packed integers in memory");
                }
                let stride = m.ty(*elem).store_size;
                (0..*len as u64).map(|i| (*elem, i * stride)).collect()
            }
            _ => return sym_err("a load or store of this type"),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::exec::sym_tests::NoOut;
    use crate::exec::{run, Config, End};

    /// Assembles textual IR with llvm-as-14 (C never loads a struct as a whole) and runs it.
    fn run_ll(src: &str) -> crate::exec::Outcome {
        let dir = tempfile::tempdir().unwrap();
        let bc = crate::ir::lower::assemble(dir.path(), src);
        let m = crate::ir::lower::load_module(&bc).expect("load");
        run(&m, &Config::default(), &mut NoOut).unwrap()
    }

    #[test]
    fn struct_of_symbolic_bytes_loaded_and_stored_whole() {
        // A symbolic struct loaded as one value, stored whole elsewhere and read back by
        // field: both fields stay symbolic (3 paths: a != 7; a == 7 and x <= 100; both).
        let o = run_ll(
            r#"%P = type { i32, i8, i64 }
declare void @klee_make_symbolic(i8*, i64, i8*)
@n = private constant [2 x i8] c"p\00"
define i32 @main() {
  %p = alloca %P
  %c = bitcast %P* %p to i8*
  call void @klee_make_symbolic(i8* %c, i64 16, i8* getelementptr ([2 x i8], [2 x i8]* @n, i64 0, i64 0))
  %v = load %P, %P* %p
  %q = alloca %P
  store %P %v, %P* %q
  %f = getelementptr %P, %P* %q, i32 0, i32 2
  %x = load i64, i64* %f
  %a = extractvalue %P %v, 0
  %c1 = icmp eq i32 %a, 7
  br i1 %c1, label %t, label %e
t:
  %c2 = icmp ugt i64 %x, 100
  br i1 %c2, label %t2, label %e
t2:
  ret i32 1
e:
  ret i32 0
}
"#,
        );
        assert_eq!(o.paths.len(), 3);
        let big = o
            .paths
            .iter()
            .find(|p| matches!(p.end, End::Exit(1)))
            .unwrap();
        let b = &big.objects[0].1;
        assert_eq!(u32::from_le_bytes(b[0..4].try_into().unwrap()), 7);
        assert!(u64::from_le_bytes(b[8..16].try_into().unwrap()) > 100);
    }
}
