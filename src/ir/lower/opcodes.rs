//! LLVM opcodes and predicates as the IR's operations, and an instruction's name for messages.

use super::*;
use inkwell::values::{InstructionOpcode, InstructionValue};
use inkwell::{AtomicRMWBinOp, FloatPredicate, IntPredicate};

pub(super) fn bin_op(op: InstructionOpcode) -> Option<BinOp> {
    use InstructionOpcode::*;
    Some(match op {
        Add => BinOp::Add,
        Sub => BinOp::Sub,
        Mul => BinOp::Mul,
        UDiv => BinOp::UDiv,
        SDiv => BinOp::SDiv,
        URem => BinOp::URem,
        SRem => BinOp::SRem,
        Shl => BinOp::Shl,
        LShr => BinOp::LShr,
        AShr => BinOp::AShr,
        And => BinOp::And,
        Or => BinOp::Or,
        Xor => BinOp::Xor,
        FAdd => BinOp::FAdd,
        FSub => BinOp::FSub,
        FMul => BinOp::FMul,
        FDiv => BinOp::FDiv,
        FRem => BinOp::FRem,
        _ => return None,
    })
}

pub(super) fn cast_op(op: InstructionOpcode) -> Option<CastOp> {
    use InstructionOpcode::*;
    Some(match op {
        Trunc => CastOp::Trunc,
        ZExt => CastOp::ZExt,
        SExt => CastOp::SExt,
        FPTrunc => CastOp::FpTrunc,
        FPExt => CastOp::FpExt,
        FPToUI => CastOp::FpToUi,
        FPToSI => CastOp::FpToSi,
        UIToFP => CastOp::UiToFp,
        SIToFP => CastOp::SiToFp,
        PtrToInt => CastOp::PtrToInt,
        IntToPtr => CastOp::IntToPtr,
        BitCast => CastOp::BitCast,
        AddrSpaceCast => CastOp::AddrSpaceCast,
        _ => return None,
    })
}

pub(super) fn int_pred(p: IntPredicate) -> IntPred {
    use IntPredicate::*;
    match p {
        EQ => IntPred::Eq,
        NE => IntPred::Ne,
        UGT => IntPred::Ugt,
        UGE => IntPred::Uge,
        ULT => IntPred::Ult,
        ULE => IntPred::Ule,
        SGT => IntPred::Sgt,
        SGE => IntPred::Sge,
        SLT => IntPred::Slt,
        SLE => IntPred::Sle,
    }
}

pub(super) fn float_pred(p: FloatPredicate) -> FloatPred {
    use FloatPredicate::*;
    match p {
        PredicateFalse => FloatPred::False,
        OEQ => FloatPred::Oeq,
        OGT => FloatPred::Ogt,
        OGE => FloatPred::Oge,
        OLT => FloatPred::Olt,
        OLE => FloatPred::Ole,
        ONE => FloatPred::One,
        ORD => FloatPred::Ord,
        UNO => FloatPred::Uno,
        UEQ => FloatPred::Ueq,
        UGT => FloatPred::Ugt,
        UGE => FloatPred::Uge,
        ULT => FloatPred::Ult,
        ULE => FloatPred::Ule,
        UNE => FloatPred::Une,
        PredicateTrue => FloatPred::True,
    }
}

pub(super) fn rmw_op(op: AtomicRMWBinOp) -> RmwOp {
    use AtomicRMWBinOp::*;
    match op {
        Xchg => RmwOp::Xchg,
        Add => RmwOp::Add,
        Sub => RmwOp::Sub,
        And => RmwOp::And,
        Nand => RmwOp::Nand,
        Or => RmwOp::Or,
        Xor => RmwOp::Xor,
        Max => RmwOp::Max,
        Min => RmwOp::Min,
        UMax => RmwOp::UMax,
        UMin => RmwOp::UMin,
        FAdd => RmwOp::FAdd,
        FSub => RmwOp::FSub,
    }
}

pub(super) fn opcode_name(op: InstructionOpcode) -> &'static str {
    use InstructionOpcode::*;
    match op {
        Invoke => "invoke",
        CallBr => "callbr",
        Resume => "resume",
        LandingPad => "landingpad",
        CleanupRet => "cleanupret",
        CatchRet => "catchret",
        CatchPad => "catchpad",
        CleanupPad => "cleanuppad",
        CatchSwitch => "catchswitch",
        UserOp1 | UserOp2 => "user op",
        _ => "instruction",
    }
}

pub(super) fn inst_name(i: InstructionValue<'_>) -> String {
    let s = print_value(&i);
    let s = s.trim();
    let s = match s.split_once(" = ") {
        Some((_, r)) => r,
        None => s,
    };
    s.split_whitespace()
        .next()
        .unwrap_or("instruction")
        .to_string()
}
